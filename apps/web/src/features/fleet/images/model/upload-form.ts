import { z } from 'zod';
import {
  IMAGE_MESSAGES,
  imageUploadFieldsSchema,
  MESSAGES,
  validateImageFile,
} from '@netfleet/contracts';
import { IMAGES_TEXTS as T } from '../texts';

/** The contract's picture rules' messages in the shown language. */
const RULE_TEXTS = new Map<string, string>([
  [IMAGE_MESSAGES.tooLarge, T.tooLarge],
  [IMAGE_MESSAGES.notAnImage, T.notAnImage],
  [MESSAGES.fileNameForbidden, T.fileNameForbidden],
]);

function imageRuleMessage(file: File): string | null {
  const message = validateImageFile(file);
  return message === null ? null : (RULE_TEXTS.get(message) ?? message);
}

/**
 * The upload dialog's fields: the picture, checked by what the browser knows (size, name, type)
 * as soon as it is chosen, then its company and description.
 */
export const uploadFormSchema = z.object({
  image: z.custom<File | null>().transform((file, ctx) => {
    const message = file ? imageRuleMessage(file) : T.imageRequired;
    if (message || !file) {
      ctx.addIssue({ code: 'custom', message: message ?? T.imageRequired });
      return z.NEVER;
    }
    return file;
  }),
  company_id: z.string({ error: T.companyRequired }).min(1, T.companyRequired),
  description: imageUploadFieldsSchema.shape.description,
});
export type UploadFormInput = z.input<typeof uploadFormSchema>;
export type UploadFormValues = z.output<typeof uploadFormSchema>;

export const uploadFormDefaults = (companyId: string): UploadFormInput => ({
  image: null,
  company_id: companyId,
  description: '',
});
