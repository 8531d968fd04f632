import { apiDateSchema } from '../api-dates.ts';
import { z } from 'zod';
import { ID_MAX, listQuerySchema } from '../list.ts';
import { emailSchema } from '../validation.ts';

/** Fields GET /api/email-configurations can sort by; anything else is a 400. */
export const EMAIL_CONFIGURATION_SORT_FIELDS = [
  'name',
  'host',
  'port',
  'email',
  'company_name',
  'created_at',
] as const;

/** A company's own SMTP server. The password never leaves the server: `has_password` tells. */
export const emailConfigurationSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  company_name: z.string(),
  name: z.string(),
  host: z.string(),
  port: z.number().int(),
  secure: z.boolean(),
  email: z.string(),
  username: z.string().nullable(),
  has_password: z.boolean(),
  created_at: apiDateSchema,
});
export type EmailConfiguration = z.infer<typeof emailConfigurationSchema>;

/** The field names `fields` may pick and `fields_only` answers. */
export const EMAIL_CONFIGURATION_FIELDS = emailConfigurationSchema.keyof().options;

/**
 * Query of PUT /email-configurations/{id} (RMS): `fields=a,b` answers only those fields of the
 * changed configuration, `fields_only=true` answers the field names instead.
 */
export const emailConfigurationFieldsQuerySchema = listQuerySchema.pick({
  fields: true,
  fields_only: true,
});
export type EmailConfigurationFieldsQuery = z.infer<typeof emailConfigurationFieldsQuerySchema>;

/** The answer of PUT /email-configurations/{id}: the configuration (or its picked fields) or the field names. */
export const emailConfigurationUpdateResultSchema = z.union([
  emailConfigurationSchema.partial(),
  z.array(z.string()),
]);

export const emailConfigurationListQuerySchema = listQuerySchema.extend({
  company_id: z.coerce.number<string>().int().min(1).max(ID_MAX).optional(),
});
export type EmailConfigurationListQuery = z.infer<typeof emailConfigurationListQuerySchema>;

const HOST_LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
// Host names (internal relays such as `mail` or `smtp.lan` included), IPv4 and IPv6 literals.
const HOST_PATTERN = new RegExp(
  `^(?:${HOST_LABEL})(?:\\.${HOST_LABEL})*$|^[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*$`,
);

/** Optional text; null or '' means "none". */
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

const fields = {
  name: z.string().trim().min(1, 'Name is required').max(255),
  host: z
    .string()
    .trim()
    .min(1, 'Host is required')
    .max(255)
    .regex(HOST_PATTERN, 'Enter a host name or IP address'),
  port: z
    .number({ error: 'Port must be a number' })
    .int('Port must be a whole number')
    .min(1, 'Port must be between 1 and 65535')
    .max(65535, 'Port must be between 1 and 65535'),
  /** TLS from the first byte (usually port 465); otherwise STARTTLS is used when offered. */
  secure: z.boolean(),
  /** The sender address of mail sent through this server. */
  email: emailSchema,
  username: optionalText(255),
};

export const createEmailConfigurationBodySchema = z.object({
  ...fields,
  secure: fields.secure.default(false),
  password: optionalText(255),
  company_id: z.number().int().min(1).max(ID_MAX),
});
export type CreateEmailConfigurationBody = z.infer<typeof createEmailConfigurationBodySchema>;

/** Any subset of the fields; a password left out stays as it is, null or '' removes it. */
export const updateEmailConfigurationBodySchema = z
  .object({ ...fields, password: optionalText(255) })
  .partial();
export type UpdateEmailConfigurationBody = z.infer<typeof updateEmailConfigurationBodySchema>;

/** POST /api/email-configurations/{id}/test: where the test mail goes. */
export const testEmailConfigurationBodySchema = z.object({ to: emailSchema });
export type TestEmailConfigurationBody = z.infer<typeof testEmailConfigurationBodySchema>;
