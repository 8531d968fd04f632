import { z } from 'zod';
import { apiDateSchema } from '../api-dates.ts';
import {
  creditTypeNameSchema,
  creditTypeNeedsInvoice,
  creditTypeSchema,
  LICENSE_TYPES,
} from '../credit-types.ts';
import { idSchema, listQuerySchema } from '../list.ts';
import { requiredIdSchema } from './companies.ts';

/** Spec §9 and issue 20: credit counts are whole numbers of at most 14 digits. */
export const CREDIT_COUNT_MAX = 99_999_999_999_999;

export const CREDIT_MESSAGES = {
  notEnough: (left: number) => `Not enough resources: ${left} left`,
  sameCompany: 'Source and target must be different companies',
  notAlongHierarchy: 'Resources move only between a company and its subsidiaries',
  priceRequired: 'Price is required for paid resources',
  proFormaRequired: 'Pro forma number is required for paid resources',
  unknownType: 'Unknown resource type',
  poolNotFound: 'Resource pool not found',
} as const;

/** A whole, positive count of at most `digits` digits; fractions and signs are refused. */
export const creditAmountSchema = (label: string, digits = 14) =>
  z
    .number({
      error: (issue) =>
        issue.input === undefined ? `${label} is required` : `${label} must be a number`,
    })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(10 ** digits - 1, `${label} has more than ${digits} digits`);

/** One pool of resources (RMS GET /credits row), with what the console shows besides. */
export const creditPoolSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  company_name: z.string(),
  parent_company_name: z.string().nullable(),
  credit_type: z.enum(['free', 'paid']),
  credit_type_id: z.number().int(),
  credit_type_name: creditTypeNameSchema,
  /** netfleet: the type as people read it (spec §6 hides "Paid" from non-super admins). */
  credit_type_title: z.string(),
  /** A price per credit; decimals exact in the database, a number here as RMS answers it. */
  credit_price: z.number(),
  pro_form_nr: z.string().nullable(),
  credit_count: z.number().int(),
  credit_left: z.number().int(),
  credit_reserved: z.number().int(),
  /** netfleet: how the pool came: added, moved from a parent or child, code, code returned. */
  origin: z.enum(['added', 'moved', 'code', 'code_returned']),
  assigned_at: apiDateSchema,
  expire_at: apiDateSchema.nullable(),
  deleted_at: apiDateSchema.nullable(),
});
export type CreditPool = z.infer<typeof creditPoolSchema>;

export const creditPoolListQuerySchema = listQuerySchema.extend({
  company_id: idSchema.optional(),
  credit_type_id: idSchema.optional(),
});
export type CreditPoolListQuery = z.infer<typeof creditPoolListQuerySchema>;

export const CREDIT_POOL_SORT_FIELDS = [
  'id',
  'assigned_at',
  'company_name',
  'credit_type_id',
  'credit_count',
  'credit_left',
] as const;

export const creditSummaryQuerySchema = z.object({ company_id: idSchema.optional() });

/** GET /credits/summary (RMS inline_response_200_38_data). */
export const creditSummarySchema = z.object({
  credits: z.object({
    total: z.array(
      z.object({ credit_type: creditTypeNameSchema, credits_count: z.number().int() }),
    ),
    left: z.array(
      z.object({
        credit_type_id: z.number().int(),
        credit_type: creditTypeNameSchema,
        credit_type_name: z.string(),
        credits_left: z.number().int(),
        payment_type: z.enum(['free', 'paid']),
      }),
    ),
  }),
  /** Until when the company's management credits cover its devices; null without devices. */
  credit_coverage: apiDateSchema.nullable(),
  monitored_device: z.object({ total: z.number().int(), monitored: z.number().int() }),
});
export type CreditSummary = z.infer<typeof creditSummarySchema>;

/** POST /credits: add resources (spec §5 "Add resources"); super admins only. */
export const addCreditsBodySchema = z
  .object({
    credit_type_id: requiredIdSchema('Resource type'),
    credit_count: creditAmountSchema('Count'),
    company_id: requiredIdSchema('Company'),
    credit_price: z
      .number({ error: () => 'Price must be a number' })
      .min(0, 'Price cannot be negative')
      .max(999_999_999_999.99)
      .refine(isCents, { error: 'Price has at most two decimals' })
      .nullish(),
    pro_form_nr: z.string().trim().max(64).nullish(),
  })
  .superRefine((body, ctx) => {
    if (!creditTypeNeedsInvoice(body.credit_type_id)) return;
    if (body.credit_price === null || body.credit_price === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['credit_price'],
        message: CREDIT_MESSAGES.priceRequired,
      });
    if (!body.pro_form_nr)
      ctx.addIssue({
        code: 'custom',
        path: ['pro_form_nr'],
        message: CREDIT_MESSAGES.proFormaRequired,
      });
  });
export type AddCreditsBody = z.infer<typeof addCreditsBodySchema>;

function isCents(value: number): boolean {
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

/**
 * POST /credits/move (spec §5 "Move resources"). RMS's definition names the fields `source` and
 * `target` but requires `from_company_id` and `to_company_id`; either pair is taken.
 */
export const moveCreditsBodySchema = z.preprocess(
  (raw) => {
    if (!raw || typeof raw !== 'object') return raw;
    const body = raw as Record<string, unknown>;
    return {
      ...body,
      source: body.source ?? body.from_company_id,
      target: body.target ?? body.to_company_id,
    };
  },
  z.object({
    credit_type_name: creditTypeNameSchema,
    /** Super admins may move free resources; everyone else moves paid ones. */
    payment_type: z.enum(['free', 'paid']).optional(),
    source: requiredIdSchema('Source company'),
    target: requiredIdSchema('Target company'),
    amount: creditAmountSchema('Amount'),
  }),
);
export type MoveCreditsBody = z.infer<typeof moveCreditsBodySchema>;

/** What each ledger action means (RMS `action_type`; 3 is "Credit used" in RMS's example). */
export const CREDIT_ACTIONS = {
  1: 'Resources added',
  2: 'Moved in',
  3: 'Credit used',
  4: 'Moved out',
  5: 'Reserved for a code',
  6: 'Code activated',
  7: 'Code revoked, returned',
  8: 'Spent on company data',
} as const;
export type CreditAction = keyof typeof CREDIT_ACTIONS;

/** One ledger entry (RMS GET /credits/history row, with the amounts netfleet keeps). */
export const creditHistoryEntrySchema = z.object({
  id: z.number().int(),
  created_at: apiDateSchema,
  action_type: z.number().int(),
  action: z.string(),
  company_id: z.number().int(),
  company: z.string(),
  pool_id: z.number().int().nullable(),
  credit_type_name: creditTypeNameSchema,
  /** Signed: what the company's balance of this type changed by. */
  amount: z.number().int(),
  /** The company's balance of this type right after the entry. */
  balance_after: z.number().int(),
  counterpart_company: z.string().nullable(),
  user_id: z.number().int().nullable(),
  user: z.string().nullable(),
  device_id: z.number().int().nullable(),
  serial: z.string().nullable(),
  mac: z.string().nullable(),
});
export type CreditHistoryEntry = z.infer<typeof creditHistoryEntrySchema>;

/** Fields GET /credits/history and /credits/move/history sort by (default: newest first). */
export const CREDIT_HISTORY_SORT_FIELDS = ['id', 'created_at'] as const;

export const creditHistoryQuerySchema = listQuerySchema.extend({
  company_id: idSchema.optional(),
  device_id: idSchema.optional(),
  pool_id: idSchema.optional(),
});
export type CreditHistoryQuery = z.infer<typeof creditHistoryQuerySchema>;

/** One move between companies (RMS GET /credits/move/history row). */
export const creditMoveSchema = z.object({
  id: z.number().int(),
  created_at: apiDateSchema,
  from_company: z.string(),
  to_company: z.string(),
  count: z.number().int(),
  credit_type_name: creditTypeNameSchema,
  user_id: z.number().int().nullable(),
  user: z.string().nullable(),
});
export type CreditMove = z.infer<typeof creditMoveSchema>;

export const creditMoveHistoryQuerySchema = listQuerySchema.extend({
  company_id: idSchema.optional(),
  pool_id: idSchema.optional(),
});
export type CreditMoveHistoryQuery = z.infer<typeof creditMoveHistoryQuerySchema>;

export const creditTypeListSchema = z.array(creditTypeSchema);

/** GET /credits/types: `license_type` keeps the management (or data) types only. */
export const creditTypeQuerySchema = z.object({ license_type: z.enum(LICENSE_TYPES).optional() });
