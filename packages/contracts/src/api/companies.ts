import { apiDateSchema } from '../api-dates.ts';
import { z } from 'zod';
import { ID_MAX, idSchema, listQuerySchema } from '../list.ts';
import { COMPANY_NAME_MIN_LENGTH, emailSchema, hasForbiddenNameCharacters } from '../validation.ts';
import { MESSAGES } from '../messages.ts';

/** Level 1 is the top; subsidiaries go at most two levels below it (spec §5 new company). */
export const COMPANY_MAX_LEVEL = 3;
/** Levels under which a subsidiary may be created. */
export const COMPANY_PARENT_LEVELS = [1, 2] as const;
export const COMPANY_NAME_MAX_LENGTH = 255;

export const COMPANY_MESSAGES = {
  nameTooShort: `Company name must be at least ${COMPANY_NAME_MIN_LENGTH} characters`,
  parentLevel: 'Subsidiaries can be created under level 1 and 2 companies only',
  duplicateName: 'A company with this name already exists here',
  tooDeep: `Companies can be nested at most ${COMPANY_MAX_LEVEL} levels deep`,
  moveOwn: 'You cannot move your own company',
  moveRoot: 'The top-level company cannot be moved',
  moveIntoSubtree: 'A company cannot be moved under itself or one of its subsidiaries',
  deleteOwn: 'You cannot delete your own company',
  deleteRoot: 'The top-level company cannot be deleted',
  paymentSuperAdminOnly: 'Only a system administrator can change payment settings',
  notFound: 'Company not found',
} as const;

/** A positive row id in a JSON body; `label` names the field in the messages. */
export const requiredIdSchema = (label: string) =>
  z
    .number({
      error: (issue) =>
        issue.input === undefined ? `${label} is required` : `${label} is invalid`,
    })
    .int()
    .min(1)
    .max(ID_MAX);

/** Spec §5: a company name is required, at least 3 characters, without forbidden characters. */
export const companyNameFieldSchema = z
  .string({
    error: (issue) => (issue.input === undefined ? 'Company name is required' : undefined),
  })
  .trim()
  .min(COMPANY_NAME_MIN_LENGTH, COMPANY_MESSAGES.nameTooShort)
  .max(COMPANY_NAME_MAX_LENGTH)
  .refine((value) => !hasForbiddenNameCharacters(value), { error: MESSAGES.nameForbidden });

export const PAYMENT_TYPES = ['free', 'paid'] as const;
export const paymentTypeSchema = z.enum(PAYMENT_TYPES);
export type PaymentType = z.infer<typeof paymentTypeSchema>;

export const companySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  level: z.number().int(),
  parent_id: z.number().int().nullable(),
  parent_name: z.string().nullable(),
  email: z.string().nullable(),
  /** Management credits left, all management credit types summed. */
  credits_left: z.number().int().nullable().describe('Management credits left'),
  /** Data packs left (data credit types). */
  packs_left: z.number().int().nullable().describe('Data packs left'),
  /** Bytes of purchased company data left. */
  remaining_data: z.number().int(),
  payment_type: paymentTypeSchema,
  show_payment: z.boolean(),
  mfa_enforced: z.boolean(),
  /** Users filed directly under this company (RMS users_count). */
  users_count: z.number().int(),
  /** Devices filed directly under this company (RMS devices_count). */
  devices_count: z.number().int(),
  /** RMS licensing flag (0/1); null: netfleet has no licenses to share with subsidiaries. */
  can_use_parent_license: z
    .number()
    .int()
    .nullable()
    .describe('RMS licensing flag; null: netfleet does not share licenses'),
  child_count: z.number().int(),
  created_at: apiDateSchema,
});
export type Company = z.infer<typeof companySchema>;

/** Fields GET /api/companies can sort by; anything else is a 400. */
export const COMPANY_SORT_FIELDS = [
  'id',
  'name',
  'level',
  'created_at',
  'parent_id',
  'company_name',
  'crated_at',
  'device_count',
  'devices_count',
  'users_count',
] as const;

export const companyListQuerySchema = listQuerySchema.extend({
  parent_id: idSchema.optional(),
  /** One level or several, comma-joined (`level=1,2`: the companies that may have subsidiaries). */
  level: z
    .union([z.string(), z.array(z.string())])
    .transform((value) => (Array.isArray(value) ? value.join(',') : value).split(','))
    .pipe(
      z.array(
        z
          .string()
          .trim()
          .regex(/^\d+$/, 'Levels must be numbers')
          .transform(Number)
          .pipe(z.number().int().min(1).max(COMPANY_MAX_LEVEL)),
      ),
    )
    .optional(),
});
export type CompanyListQuery = z.infer<typeof companyListQuerySchema>;

/** GET /api/companies/tree: the visible companies in tree order (parents before children). */
export const companyTreeNodeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  level: z.number().int(),
  parent_id: z.number().int().nullable(),
});
export type CompanyTreeNode = z.infer<typeof companyTreeNodeSchema>;

export const createCompanyBodySchema = z.object({
  name: companyNameFieldSchema,
  parent_id: requiredIdSchema('Parent company'),
});
export type CreateCompanyBody = z.infer<typeof createCompanyBodySchema>;

/** RMS PUT /companies/{id}; an empty e-mail clears the contact address. */
export const updateCompanyBodySchema = z.object({
  name: companyNameFieldSchema.optional(),
  email: z
    .union([z.literal('').transform(() => null), emailSchema])
    .nullable()
    .optional(),
});
export type UpdateCompanyBody = z.infer<typeof updateCompanyBodySchema>;

/** Payment fields are a system administrator's; MFA enforcement any company manager's. */
export const companyFlagsBodySchema = z.object({
  show_payment: z.boolean().optional(),
  mfa_enforced: z.boolean().optional(),
  payment_type: paymentTypeSchema.optional(),
});
export type CompanyFlagsBody = z.infer<typeof companyFlagsBodySchema>;

/** Moves company `source` (with its subsidiaries) under company `target`. */
export const moveCompanyBodySchema = z.object({
  source: requiredIdSchema('Source company'),
  target: requiredIdSchema('Target company'),
});
export type MoveCompanyBody = z.infer<typeof moveCompanyBodySchema>;

/** DELETE /api/companies/{id} answers at once; progress arrives on the status channel. */
export const asyncOperationAnswerSchema = z.object({
  success: z.literal(true),
  meta: z.object({ channel: z.string() }),
});
