import { z } from 'zod';
import { idSchema } from '../list.ts';
import { dateRangeQuerySchema } from './device-history.ts';

/**
 * The longest range GET /statistics/devices/online answers: every five-minute sample is sent,
 * about 26 000 in 90 days.
 */
export const ONLINE_STATISTICS_MAX_DAYS = 90;
export const onlineStatisticsQuerySchema = dateRangeQuerySchema.extend({
  company_id: idSchema.optional(),
  include_child_companies: z.stringbool().default(true),
});
export const onlineSampleSchema = z.object({
  datetime: z.string(),
  online: z.number().int(),
  total: z.number().int(),
});
export type OnlineSample = z.infer<typeof onlineSampleSchema>;
/** A company's own devices online and offline at the period's last sample (0 without one). */
export interface OnlineCompany {
  company_id: number;
  company_name: string;
  devices: { online: number; offline: number };
  sub_companies: OnlineCompany[];
}
const onlineCompanyFields = {
  company_id: z.number().int(),
  company_name: z.string(),
  devices: z.object({ online: z.number().int(), offline: z.number().int() }),
};
// Companies nest at most COMPANY_MAX_LEVEL (3) deep, so the tree is spelled out to that depth
// (OpenAPI gets no recursive schema): a third-level company has no subsidiaries.
const onlineCompanyLeafSchema = z.object({
  ...onlineCompanyFields,
  sub_companies: z.array(z.unknown()).max(0),
});
export const onlineCompanySchema = z.object({
  ...onlineCompanyFields,
  sub_companies: z.array(
    z.object({ ...onlineCompanyFields, sub_companies: z.array(onlineCompanyLeafSchema) }),
  ),
});
/**
 * GET /statistics/devices/online, RMS's shape: the period and the company's tree (its
 * subsidiaries with include_child_companies), each with its own devices online and offline at
 * the period's end. `samples` is netfleet's: online and total devices every five minutes,
 * summed over the tree.
 */
export const onlineStatisticsSchema = z.object({
  query_period: z.object({ start_date: z.string(), end_date: z.string() }),
  companies: z.array(onlineCompanySchema),
  samples: z.array(onlineSampleSchema),
});
export type OnlineStatistics = z.infer<typeof onlineStatisticsSchema>;
