import { z } from 'zod';
import {
  FILE_MESSAGES,
  FILE_TYPES,
  fileUploadFieldsSchema,
  MODEL_FILE_TYPES,
  validateFile,
  type FileType,
} from '@netfleet/contracts';

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
      const message = file ? validateFile(file) : FILE_MESSAGES.fileRequired;
      if (message || !file) {
        ctx.addIssue({ code: 'custom', message: message ?? FILE_MESSAGES.fileRequired });
        return z.NEVER;
      }
      return file;
    }),
    type: z.enum(UPLOAD_TYPES, { error: FILE_MESSAGES.typeInvalid }),
    company_id: z
      .string({ error: FILE_MESSAGES.companyRequired })
      .min(1, FILE_MESSAGES.companyRequired),
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
