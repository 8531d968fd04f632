import { z } from 'zod';
import { FILE_MESSAGES, fileUploadFieldsSchema, validateFile } from '@netfleet/contracts';

/**
 * The upload dialog's fields: the firmware, checked by the spec's file rules (size, name) before
 * anything is sent, and an optional description as the API takes it.
 */
export const uploadFormSchema = z.object({
  file: z.custom<File | null>().transform((file, ctx) => {
    if (!file) {
      ctx.addIssue({ code: 'custom', message: FILE_MESSAGES.fileRequired });
      return z.NEVER;
    }
    const message = validateFile(file);
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
