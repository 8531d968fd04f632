import { z } from 'zod';
import { idSchema, listQuerySchema } from '../list.ts';
import { nameSchema } from '../validation.ts';
import { requiredIdSchema } from './companies.ts';

export const TAG_NAME_MAX_LENGTH = 255;
export const TAG_DESCRIPTION_MAX_LENGTH = 1000;

export const TAG_MESSAGES = {
  duplicateName: 'A tag with this name already exists',
  invalidColor: 'Colour must be a hex colour like #1a2b3c',
  notFound: 'Tag not found',
} as const;

/** `#rrggbb`; stored lower-cased so equal colours compare equal. */
export const tagColorSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-f]{6}$/i, TAG_MESSAGES.invalidColor)
  .transform((value) => value.toLowerCase());

const tagNameSchema = nameSchema({ max: TAG_NAME_MAX_LENGTH });
const tagDescriptionSchema = z.string().trim().max(TAG_DESCRIPTION_MAX_LENGTH);

export const tagSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  company_name: z.string(),
  name: z.string(),
  description: z.string(),
  /** Null: the default colour. */
  color: z.string().nullable(),
  created_at: z.string(),
});
export type Tag = z.infer<typeof tagSchema>;

/** Fields GET /api/tags can sort by; anything else is a 400. */
export const TAG_SORT_FIELDS = ['id', 'name', 'created_at', 'company_name'] as const;

export const tagListQuerySchema = listQuerySchema.extend({ company_id: idSchema.optional() });
export type TagListQuery = z.infer<typeof tagListQuerySchema>;

export const createTagBodySchema = z.object({
  company_id: requiredIdSchema('Company'),
  name: tagNameSchema,
  description: tagDescriptionSchema.nullish(),
  color: tagColorSchema.nullish(),
  /** RMS clients may send device actions with a new tag; netfleet accepts and ignores them. */
  actions: z.unknown().optional(),
});
export type CreateTagBody = z.infer<typeof createTagBodySchema>;

/** Omitted fields stay as they are; a null colour goes back to the default. */
export const updateTagBodySchema = z.object({
  name: tagNameSchema.optional(),
  description: tagDescriptionSchema.nullish(),
  color: tagColorSchema.nullish(),
});
export type UpdateTagBody = z.infer<typeof updateTagBodySchema>;
