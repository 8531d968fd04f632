import { z } from 'zod';
import { apiDateSchema } from '../api-dates.ts';
import { creditTypeNameSchema } from '../credit-types.ts';
import { idSchema, listQuerySchema } from '../list.ts';
import { creditAmountSchema } from './credits.ts';

/** Spec §9: a code's comment is at most 200 characters; its amount at most 12 digits (§5). */
export const CREDIT_CODE_COMMENT_MAX = 200;
export const CREDIT_CODE_AMOUNT_DIGITS = 12;
/** 32 characters of [a-z0-9] (RMS's shape): about 165 bits, not guessable. */
export const CREDIT_CODE_LENGTH = 32;

export const CREDIT_CODE_MESSAGES = {
  required: 'Code is required',
  invalid: 'This code is not valid',
  used: 'This code has already been activated',
  revoked: 'This code was revoked',
  ownCompany: 'A code cannot be activated by the company that created it',
  notFound: 'Code not found',
  notRevocable: 'A code that was activated cannot be revoked',
  tooManyAttempts: 'Too many invalid codes. Try again later.',
} as const;

export const CREDIT_CODE_STATUSES = ['active', 'used', 'revoked'] as const;

/** One code (RMS GET /credits/codes row), with its status. */
export const creditCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  company_id: z.number().int(),
  company_name: z.string(),
  /** Who created it. */
  email: z.string().nullable(),
  credits_amount: z.number().int(),
  credit_type: creditTypeNameSchema,
  comment: z.string(),
  is_used: z.boolean(),
  used_by_company_id: z.number().int().nullable(),
  used_by_company_name: z.string().nullable(),
  used_by_user_id: z.number().int().nullable(),
  activated_at: apiDateSchema.nullable(),
  created_at: apiDateSchema,
  /** netfleet: active, used, or revoked (its credits went back to the creating company). */
  status: z.enum(CREDIT_CODE_STATUSES),
  revoked_at: apiDateSchema.nullable(),
});
export type CreditCode = z.infer<typeof creditCodeSchema>;

export const creditCodeListQuerySchema = listQuerySchema.extend({
  company_id: idSchema.optional(),
  status: z.enum(CREDIT_CODE_STATUSES).optional(),
});
export type CreditCodeListQuery = z.infer<typeof creditCodeListQuerySchema>;

export const CREDIT_CODE_SORT_FIELDS = [
  'id',
  'created_at',
  'credits_amount',
  'activated_at',
] as const;

const commentSchema = z
  .string()
  .trim()
  .max(CREDIT_CODE_COMMENT_MAX, `Comment has at most ${CREDIT_CODE_COMMENT_MAX} characters`);

/** POST /credits/codes (spec §5 "Create code"); `company_id` only for super admins. */
export const createCreditCodeBodySchema = z.object({
  credit_type_name: creditTypeNameSchema,
  /** Super admins may hand out free resources; everyone else gives paid ones. */
  payment_type: z.enum(['free', 'paid']).optional(),
  amount: creditAmountSchema('Amount', CREDIT_CODE_AMOUNT_DIGITS),
  company_id: idSchema.optional(),
  comment: commentSchema.nullish(),
});
export type CreateCreditCodeBody = z.infer<typeof createCreditCodeBodySchema>;

export const updateCreditCodeBodySchema = z.object({ comment: commentSchema.nullish() });
export type UpdateCreditCodeBody = z.infer<typeof updateCreditCodeBodySchema>;

export const activateCreditCodeBodySchema = z.object({
  code: z
    .string({ error: () => CREDIT_CODE_MESSAGES.required })
    .trim()
    .min(1, CREDIT_CODE_MESSAGES.required)
    .max(64, CREDIT_CODE_MESSAGES.invalid),
});
export type ActivateCreditCodeBody = z.infer<typeof activateCreditCodeBodySchema>;

/** POST /credits/codes/activate answers the pool it made (RMS inline_response_200_43 row). */
export const activatedPoolSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  license_type_id: z.number().int(),
  licence_type: z.string(),
  licence_count: z.number().int(),
  licence_left: z.number().int(),
  licence_reserved: z.number().int(),
  licence_price: z.number(),
  pro_form_nr: z.string().nullable(),
  parent_pool_id: z.number().int().nullable(),
  /** The company whose code it was. */
  parent_pool_id_company_name: z.string().nullable(),
  /** Months one credit of the type covers a device. */
  validity: z.number().int(),
  buy_date: apiDateSchema,
  expire_at: apiDateSchema.nullable(),
  deleted_at: apiDateSchema.nullable(),
  user_id: z.number().int().nullable(),
  created_at: apiDateSchema,
  updated_at: apiDateSchema,
});

/** POST /credits/codes/activate: the pool made, and how many credits it brought (RMS meta.amount). */
export const activateCreditCodeAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(activatedPoolSchema),
  meta: z.object({ amount: z.number().int() }),
});

/** POST /credits/codes: the code, and (as RMS answers it) the code's text in meta. */
export const createCreditCodeAnswerSchema = z.object({
  success: z.literal(true),
  data: creditCodeSchema,
  meta: z.object({ credit_code: z.string() }),
});
export type ActivatedPool = z.infer<typeof activatedPoolSchema>;
