import { z } from 'zod';
import {
  fileUploadFieldsSchema,
  formatBytes,
  MAX_FILE_SIZE,
  MESSAGES,
  validateFile,
} from '@netfleet/contracts';
import { GLOBAL_FIRMWARE_TEXTS as T } from '../texts';

/** The spec's file rules (80 MB, forbidden symbols) with the shown language's messages. */
function fileRuleMessage(file: File): string | null {
  const message = validateFile(file);
  if (message === null) return null;
  if (message === MESSAGES.fileNameForbidden) return T.fileNameForbidden;
  if (file.size > MAX_FILE_SIZE) return T.fileTooLarge(formatBytes(MAX_FILE_SIZE));
  return message;
}

/**
 * The upload dialog's fields: the firmware, checked by the spec's file rules (size, name) before
 * anything is sent, and an optional description as the API takes it.
 */
export const uploadFormSchema = z.object({
  file: z.custom<File | null>().transform((file, ctx) => {
    if (!file) {
      ctx.addIssue({ code: 'custom', message: T.fileRequired });
      return z.NEVER;
    }
    const message = fileRuleMessage(file);
    if (message) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return file;
  }),
  description: fileUploadFieldsSchema.shape.description,
});
export type UploadFormInput = z.input<typeof uploadFormSchema>;
export type UploadFormValues = z.output<typeof uploadFormSchema>;

export const UPLOAD_FORM_DEFAULTS: UploadFormInput = { file: null, description: '' };
