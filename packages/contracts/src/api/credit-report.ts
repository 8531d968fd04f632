import { z } from 'zod';
import { apiDateSchema } from '../api-dates.ts';
import { creditTypeNameSchema } from '../credit-types.ts';
import { idSchema } from '../list.ts';
import { REPORT_MESSAGES, reportDateSchema } from './reports.ts';

// The credit report (issue 20; RMS /credits/report): a company's resource movements over a range.

const int = z.number().int();
const intOrNull = int.nullable();

/** GET /credits/report and /credits/report/json. */
export const creditReportQuerySchema = z
  .object({
    /** RMS requires it; netfleet defaults to the caller's company. */
    company_id: idSchema.optional(),
    start_date: reportDateSchema,
    end_date: reportDateSchema,
    /** netfleet: one type only (default: every type, each row naming its own). */
    credit_type_name: creditTypeNameSchema.optional(),
  })
  .refine((query) => query.end_date >= query.start_date, {
    message: REPORT_MESSAGES.rangeEndBeforeStart,
    path: ['end_date'],
  });
export type CreditReportQuery = z.infer<typeof creditReportQuerySchema>;

/** RMS inline_response_200_41_data, with the range and each row's resource type. */
export const creditReportSchema = z.object({
  totals: z.object({
    /** Moves to subsidiaries, and the credits they carried. */
    child_pools: int,
    child_company_credits: int,
    /** Ledger entries of the company in the range. */
    pool_logs: int,
    /** Credits spent on devices. */
    credits_for_devices: int,
    /** Credits put in codes the company made. */
    transfer_codes_credits: int,
    /** Credits exchanged for company data. */
    data_purchase: int,
  }),
  child_pools: z.array(
    z.object({
      count: int,
      to_company_id: int,
      company_name: z.string(),
      credit_type_name: z.string(),
    }),
  ),
  pool_logs: z.array(
    z.object({
      device_mac: z.string().nullable(),
      device_serial: z.string().nullable(),
      pool_id: intOrNull,
      action: z.string(),
      action_id: int,
      created_at: apiDateSchema,
      username: z.string().nullable(),
      amount: int,
      credit_type_name: z.string(),
    }),
  ),
  transfer_codes: z.array(
    z.object({
      amount: int,
      /** The credits the code holds for its pool (netfleet codes hold their whole amount). */
      pool_amount: int,
      code: z.string(),
      is_used: int,
      used_by_company_id: intOrNull,
      created_at: apiDateSchema,
      credit_type_name: z.string(),
    }),
  ),
  data_purchase: z.array(
    z.object({
      id: int,
      bytes_purchased: int,
      credits_used: int,
      from_pool_id: intOrNull,
      company_id: int,
      user_id: intOrNull,
      created_at: apiDateSchema,
    }),
  ),
  company_id: int,
  company_name: z.string(),
  start_date: apiDateSchema,
  end_date: apiDateSchema,
});
export type CreditReport = z.infer<typeof creditReportSchema>;
