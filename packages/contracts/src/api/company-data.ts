import { z } from 'zod';
import { apiDateQuerySchema, apiDateSchema } from '../api-dates.ts';
import { COMPANY_DATA_GB_PER_CREDIT } from '../constants.ts';
import type { CreditTypeName } from '../credit-types.ts';
import { idSchema, listQuerySchema } from '../list.ts';
import { requiredIdSchema } from './companies.ts';

/**
 * Company data (RMS Connect data): credits exchanged for bytes a company's devices may use. A GB is
 * 1024³ bytes, as formatBytes shows it, and RMS's own example agrees: 2 credits bought 4294967296
 * bytes.
 */
export const COMPANY_DATA_BYTES_PER_CREDIT = COMPANY_DATA_GB_PER_CREDIT * 1024 ** 3;

/** The bytes one data pack (`data_150GB_10y`) gives its device: 150 GB, in the same 1024³ GB. */
export const DATA_PACK_BYTES = 150 * 1024 ** 3;

/** Spec §5 "Add company data": credits are 1 to 14 digits once leading zeros are stripped. */
export const COMPANY_DATA_CREDITS_DIGITS = 14;

/**
 * The credit type a purchase spends: the management `credit` (paid, id 2). Super admins may spend
 * the free one (id 1) by sending `payment_type: free`.
 */
export const COMPANY_DATA_CREDIT_TYPE_NAME: CreditTypeName = 'credit';

export const COMPANY_DATA_MESSAGES = {
  creditsRequired: 'Credits are required',
  creditsDigits: 'Credits must contain digits only',
  creditsMin: 'Credits must be at least 1',
  creditsLength: `Credits have at most ${COMPANY_DATA_CREDITS_DIGITS} digits`,
  /** remaining_data is kept exact in bytes: no company holds more than this. */
  tooMuchData: 'The company cannot hold that much data',
} as const;

/** How many GB `credits` buy. */
export const companyDataGigabytes = (credits: number): number =>
  credits * COMPANY_DATA_GB_PER_CREDIT;

/**
 * The credits of a purchase: RMS sends an integer, the console's form the digits typed. Leading
 * zeros are stripped; what is left must be 1 to 14 digits and at least 1. Signs, fractions,
 * exponents and anything but digits are refused.
 */
export const companyDataCreditsSchema = z
  .union([z.number(), z.string()], {
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? COMPANY_DATA_MESSAGES.creditsRequired
        : COMPANY_DATA_MESSAGES.creditsDigits,
  })
  .transform((value, ctx) => {
    const refuse = (message: string) => {
      ctx.addIssue({ code: 'custom', message, input: value });
      return z.NEVER;
    };
    if (value === '') return refuse(COMPANY_DATA_MESSAGES.creditsRequired);
    let digits: string;
    if (typeof value === 'number') {
      if (!Number.isInteger(value) || value < 0) return refuse(COMPANY_DATA_MESSAGES.creditsDigits);
      if (value >= 10 ** COMPANY_DATA_CREDITS_DIGITS)
        return refuse(COMPANY_DATA_MESSAGES.creditsLength);
      digits = String(value);
    } else {
      if (!/^\d+$/.test(value)) return refuse(COMPANY_DATA_MESSAGES.creditsDigits);
      digits = value.replace(/^0+/, '');
    }
    if (digits.length > COMPANY_DATA_CREDITS_DIGITS)
      return refuse(COMPANY_DATA_MESSAGES.creditsLength);
    const credits = Number(digits);
    if (credits < 1) return refuse(COMPANY_DATA_MESSAGES.creditsMin);
    return credits;
  });

/** POST /companies/data (RMS `exchange_credits`; spec §5 "Add company data"). */
export const buyCompanyDataBodySchema = z.object({
  company_id: requiredIdSchema('Company'),
  credits: companyDataCreditsSchema,
  /** netfleet: super admins may spend free credits; everyone else spends paid ones. */
  payment_type: z.enum(['free', 'paid']).optional(),
});
export type BuyCompanyDataBody = z.infer<typeof buyCompanyDataBodySchema>;

/**
 * One purchase (RMS GET /companies/data/history row, `inline_response_200_65_data`), with what
 * the console shows besides.
 */
export const companyDataPurchaseSchema = z.object({
  /** netfleet: the purchase's id. */
  id: z.number().int(),
  company_id: z.number().int(),
  company: z.string(),
  /** Bytes bought. */
  data: z.number().int(),
  credits_used: z.number().int(),
  /** netfleet: the oldest pool the credits came from (RMS data_purchase `from_pool_id`). */
  from_pool_id: z.number().int().nullable(),
  /** Who bought it; null once that user is deleted. */
  user_id: z.number().int().nullable(),
  /** Their username. */
  user: z.string().nullable(),
  email: z.string().nullable(),
  created_at: apiDateSchema,
});
export type CompanyDataPurchase = z.infer<typeof companyDataPurchaseSchema>;

/** The answer to a purchase: RMS answers `{success: true}`; netfleet adds the row and the total. */
export const buyCompanyDataAnswerSchema = z.object({
  success: z.literal(true),
  data: companyDataPurchaseSchema,
  meta: z.object({
    /** Bytes of data the company holds after the purchase. */
    remaining_data: z.number().int(),
  }),
});

/** Fields GET /companies/data/history sorts by (default: newest first). */
export const COMPANY_DATA_HISTORY_SORT_FIELDS = [
  'id',
  'created_at',
  'credits_used',
  'data',
  'company',
] as const;

/** Fields `q` searches (RMS names none; these are what the table shows as text). */
export const COMPANY_DATA_HISTORY_SEARCH_FIELDS = ['company', 'user', 'email'] as const;

/** GET /companies/data/history: RMS's limit, offset, q, company_id, start_date and end_date. */
export const companyDataHistoryQuerySchema = listQuerySchema.extend({
  company_id: idSchema.optional(),
  start_date: apiDateQuerySchema.optional(),
  end_date: apiDateQuerySchema.optional(),
});
export type CompanyDataHistoryQuery = z.infer<typeof companyDataHistoryQuerySchema>;
