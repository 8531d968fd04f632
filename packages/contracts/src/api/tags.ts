import { apiDateSchema } from '../api-dates.ts';
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

/** What RMS runs on a device when it gets a tag (RMS tag actions). */
export const TAG_ACTION_TYPES = [
  'firmware_upload',
  'config_upload',
  'execute_tasks_group',
  'execute_mulficonfig_template',
] as const;
export const tagActionTypeSchema = z.enum(TAG_ACTION_TYPES);

/** One tag action as RMS answers it. */
export const tagActionSchema = z.object({
  tag_id: z.number().int(),
  action: tagActionTypeSchema,
  source_id: z.number().int(),
  source_name: z.string(),
  created_at: z.string(),
});
export type TagAction = z.infer<typeof tagActionSchema>;

export const tagSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  company_name: z.string(),
  name: z.string(),
  description: z.string(),
  /** Null: the default colour. */
  color: z.string().nullable(),
  /** Devices carrying the tag. */
  devices_count: z.number().int(),
  /** Always empty: netfleet runs no actions when a tag is given (RMS tag actions). */
  actions: z.array(tagActionSchema),
  created_at: apiDateSchema,
  updated_at: apiDateSchema,
});
export type Tag = z.infer<typeof tagSchema>;

/** Fields GET /api/tags can sort by (`device_count` is RMS's name); anything else is a 400. */
export const TAG_SORT_FIELDS = [
  'id',
  'name',
  'created_at',
  'company_name',
  'devices_count',
  'device_count',
] as const;

export const tagListQuerySchema = listQuerySchema.extend({ company_id: idSchema.optional() });
export type TagListQuery = z.infer<typeof tagListQuerySchema>;

export const createTagBodySchema = z.object({
  company_id: requiredIdSchema('Company'),
  name: tagNameSchema,
  description: tagDescriptionSchema.nullish(),
  color: tagColorSchema.nullish(),
  /** RMS clients may send device actions with a new tag; netfleet accepts and ignores them. */
  actions: z
    .array(z.object({ action: tagActionTypeSchema, source_id: z.number().int() }))
    .optional(),
});
export type CreateTagBody = z.infer<typeof createTagBodySchema>;

/** Omitted fields stay as they are; a null colour goes back to the default. */
export const updateTagBodySchema = z.object({
  name: tagNameSchema.optional(),
  description: tagDescriptionSchema.nullish(),
  color: tagColorSchema.nullish(),
});
export type UpdateTagBody = z.infer<typeof updateTagBodySchema>;
