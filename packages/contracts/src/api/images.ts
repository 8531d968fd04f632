import { z } from 'zod';
import { apiDateSchema } from '../api-dates.ts';
import { idSchema, listQuerySchema } from '../list.ts';
import { formatBytes } from '../format.ts';
import { fileTooLargeMessage } from '../messages.ts';
import { validateFile } from '../validation.ts';

// Images companies upload for device dashboards (RMS /images): JPEG or PNG, at most 5 MB and
// 2048x1080 pixels, as RMS's definition of POST /images states.

export const IMAGE_TYPES = ['device_dashboard'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_MAX_WIDTH = 2048;
export const IMAGE_MAX_HEIGHT = 1080;
export const IMAGE_DESCRIPTION_MAX_LENGTH = 255;
/** The formats an image may have, by the mime type it is served with. */
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg'] as const;
export type ImageMimeType = (typeof IMAGE_MIME_TYPES)[number];
/** What a file picker offers (extensions too: some systems report no mime type). */
export const IMAGE_ACCEPT = 'image/png,image/jpeg,.png,.jpg,.jpeg';

export const IMAGE_MESSAGES = {
  notFound: 'Image not found',
  imageRequired: 'Choose an image to upload',
  notAnImage: 'The file is not a JPEG or PNG image',
  tooLarge: fileTooLargeMessage(formatBytes(IMAGE_MAX_BYTES)),
  dimensions: `The image may be at most ${IMAGE_MAX_WIDTH}x${IMAGE_MAX_HEIGHT} pixels`,
  typeInvalid: `Type must be one of ${IMAGE_TYPES.join(', ')}`,
  companyRequired: 'Company is required',
  companyInvalid: 'Company is invalid',
} as const;

export const imageSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  /** netfleet: the owning company's name, for tables. */
  company_name: z.string(),
  /** The user who uploaded it (kept when that user is removed). */
  user_id: z.number().int(),
  name: z.string(),
  description: z.string(),
  size: z.number().int(),
  original_width: z.number().int(),
  original_height: z.number().int(),
  type: z.enum(IMAGE_TYPES),
  /** netfleet: the format GET /images/{id} answers with. */
  mime_type: z.enum(IMAGE_MIME_TYPES),
  updated_at: apiDateSchema,
  created_at: apiDateSchema,
});
export type ImageInfo = z.infer<typeof imageSchema>;

export const IMAGE_SORT_FIELDS = ['id', 'name', 'size', 'created_at', 'updated_at'] as const;

export const imageListQuerySchema = listQuerySchema.extend({
  type: z.enum(IMAGE_TYPES, { error: IMAGE_MESSAGES.typeInvalid }).optional(),
  company_id: idSchema.optional(),
});
export type ImageListQuery = z.infer<typeof imageListQuerySchema>;

/** The text fields of the multipart upload (the picture itself is the `image` part). */
export const imageUploadFieldsSchema = z.object({
  type: z.enum(IMAGE_TYPES, { error: IMAGE_MESSAGES.typeInvalid }),
  description: z.string().trim().max(IMAGE_DESCRIPTION_MAX_LENGTH).default(''),
  company_id: z
    .string({ error: IMAGE_MESSAGES.companyRequired })
    .regex(/^[1-9]\d{0,9}$/, IMAGE_MESSAGES.companyInvalid)
    .pipe(idSchema),
});
export type ImageUploadFields = z.infer<typeof imageUploadFieldsSchema>;

/**
 * The multipart body of POST /images as OpenAPI describes it (RMS's fields); the route reads the
 * parts itself with imageUploadFieldsSchema, so this schema documents and never validates.
 */
export const imageUploadBodySchema = z.object({
  image: z.string().meta({ format: 'binary' }),
  company_id: z.number().int(),
  type: z.enum(IMAGE_TYPES),
  description: z.string().max(IMAGE_DESCRIPTION_MAX_LENGTH).optional(),
});

/** RMS answers an upload with `{success}` (201); netfleet adds the image and its id. */
export const imageCreatedSchema = z.object({
  success: z.literal(true),
  data: imageSchema,
  meta: z.object({ id: z.number().int() }),
});

export const updateImageBodySchema = z.object({
  description: z.string().trim().max(IMAGE_DESCRIPTION_MAX_LENGTH),
});
export type UpdateImageBody = z.infer<typeof updateImageBodySchema>;

const IMAGE_NAME = /\.(png|jpe?g)$/i;

/**
 * What the browser can check before sending (spec §5 file rules with the image limits): size,
 * name, and a PNG or JPEG type or extension. The server checks the bytes themselves.
 */
export function validateImageFile(file: { name: string; size: number; type?: string }) {
  const rule = validateFile(file, { maxSize: IMAGE_MAX_BYTES });
  if (rule) return rule;
  const typed = file.type ? (IMAGE_MIME_TYPES as readonly string[]).includes(file.type) : false;
  return typed || IMAGE_NAME.test(file.name) ? null : IMAGE_MESSAGES.notAnImage;
}
