import { z } from 'zod';
import { CONNECTION_CODES } from '../device-protocol.ts';
import { idSchema } from '../list.ts';
import { dateRangeQuerySchema } from './device-history.ts';

// The /statistics page's aggregates beyond GET /devices/statistics and /statistics/devices/online:
// devices added and connected per month, and distinct devices connected per day or month.

/** Connection log codes that mean the device got in (enrolled, connected, reconnected). */
export const CONNECTED_CODES = [
  CONNECTION_CODES.enrolled,
  CONNECTION_CODES.connected,
  CONNECTION_CODES.reconnected,
] as const;

export const STATISTICS_INTERVALS = ['day', 'month'] as const;
export type StatisticsInterval = (typeof STATISTICS_INTERVALS)[number];

/** Most periods one answer holds: two and a half years of days, or a long history of months. */
export const STATISTICS_MAX_PERIODS = 1000;

export const STATISTICS_MESSAGES = {
  unknownTimeZone: 'Unknown time zone',
  tooManyPeriods: `The range holds more than ${STATISTICS_MAX_PERIODS} periods`,
} as const;

export const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/**
 * A range over the devices of a company (default: the caller's) and, by default, its subsidiaries
 * as far as the caller sees them. Days and months start at midnight in `timezone` (IANA name).
 */
export const statisticsRangeQuerySchema = dateRangeQuerySchema.extend({
  company_id: idSchema.optional(),
  include_child_companies: z.stringbool().default(true),
  timezone: z
    .string()
    .trim()
    .refine(isTimeZone, { message: STATISTICS_MESSAGES.unknownTimeZone })
    .default('UTC'),
});
export type StatisticsRangeQuery = z.infer<typeof statisticsRangeQuerySchema>;

/** GET /statistics/devices/months: every month of the range (default: the last 12 months). */
export const monthStatisticSchema = z.object({
  /** YYYY-MM */
  month: z.string(),
  /** Devices added (created) during the month. */
  added: z.number().int(),
  /** Distinct devices that connected during the month. */
  connected: z.number().int(),
});
export type MonthStatistic = z.infer<typeof monthStatisticSchema>;

/** GET /statistics/devices/unique (default: the last 30 days, per day). */
export const uniqueDevicesQuerySchema = statisticsRangeQuerySchema.extend({
  interval: z.enum(STATISTICS_INTERVALS).default('day'),
});
export type UniqueDevicesQuery = z.infer<typeof uniqueDevicesQuerySchema>;

export const uniqueDevicesSampleSchema = z.object({
  /** YYYY-MM-DD for days, YYYY-MM for months. */
  period: z.string(),
  /** Distinct devices that connected during the period. */
  devices: z.number().int(),
});
export type UniqueDevicesSample = z.infer<typeof uniqueDevicesSampleSchema>;
