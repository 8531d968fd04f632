import { z } from 'zod';
import { IMAGE_MESSAGES, imageUploadFieldsSchema, validateImageFile } from '@netfleet/contracts';

/**
 * The upload dialog's fields: the picture, checked by what the browser knows (size, name, type)
 * as soon as it is chosen, then its company and description.
 */
export const uploadFormSchema = z.object({
  image: z.custom<File | null>().transform((file, ctx) => {
    const message = file ? validateImageFile(file) : IMAGE_MESSAGES.imageRequired;
    if (message || !file) {
      ctx.addIssue({ code: 'custom', message: message ?? IMAGE_MESSAGES.imageRequired });
      return z.NEVER;
    }
    return file;
  }),
  company_id: z
    .string({ error: IMAGE_MESSAGES.companyRequired })
    .min(1, IMAGE_MESSAGES.companyRequired),
  description: imageUploadFieldsSchema.shape.description,
});
export type UploadFormInput = z.input<typeof uploadFormSchema>;
export type UploadFormValues = z.output<typeof uploadFormSchema>;

export const uploadFormDefaults = (companyId: string): UploadFormInput => ({
  image: null,
  company_id: companyId,
  description: '',
});
