import { z } from 'zod';
import {
  FILE_TYPES,
  fileUploadFieldsSchema,
  formatBytes,
  MAX_FILE_SIZE,
  MESSAGES,
  MODEL_FILE_TYPES,
  validateFile,
  type FileType,
} from '@netfleet/contracts';
import { FILES_TEXTS as T } from '../texts';

/** The spec's file rules (80 MB, forbidden symbols) with the shown language's messages. */
function fileRuleMessage(file: File): string | null {
  const message = validateFile(file);
  if (message === null) return null;
  if (message === MESSAGES.fileNameForbidden) return T.fileNameForbidden;
  if (file.size > MAX_FILE_SIZE) return T.fileTooLarge(formatBytes(MAX_FILE_SIZE));
  return message;
}

/** The types uploaded here; global firmware has its own page and permission. */
export const UPLOAD_TYPES = FILE_TYPES.filter((type) => type !== 'global_firmware');

export const namesModel = (type: FileType | null) =>
  type !== null && MODEL_FILE_TYPES.includes(type);

/**
 * The upload dialog's fields: the file, checked by the spec's file rules (80 MB, forbidden
 * symbols) as soon as it is chosen, then the API's fields with its own rules.
 */
export const uploadFormSchema = z
  .object({
    file: z.custom<File | null>().transform((file, ctx) => {
      const message = file ? fileRuleMessage(file) : T.fileRequired;
      if (message || !file) {
        ctx.addIssue({ code: 'custom', message: message ?? T.fileRequired });
        return z.NEVER;
      }
      return file;
    }),
    type: z.enum(UPLOAD_TYPES, { error: T.typeInvalid }),
    company_id: z.string({ error: T.companyRequired }).min(1, T.companyRequired),
    device_model: fileUploadFieldsSchema.shape.device_model,
    description: fileUploadFieldsSchema.shape.description,
  })
  // A model only means something for firmware and configuration files.
  .transform((values) => ({
    ...values,
    device_model: namesModel(values.type) ? values.device_model : null,
  }));
export type UploadFormInput = z.input<typeof uploadFormSchema>;
export type UploadFormValues = z.output<typeof uploadFormSchema>;

export const uploadFormDefaults = (companyId: string): UploadFormInput => ({
  file: null,
  type: 'firmware',
  company_id: companyId,
  device_model: '',
  description: '',
});
