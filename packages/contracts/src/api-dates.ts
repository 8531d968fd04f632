import { z } from 'zod';

/**
 * RMS API v3 answers dates as `YYYY-MM-DD HH:mm:ss` in UTC (its definition: `pattern: Y-m-d H:i:s`),
 * and so does netfleet, in every response.
 */
export const API_DATE_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

export const apiDateSchema = z
  .string()
  .regex(API_DATE_PATTERN, 'Use the date format YYYY-MM-DD HH:mm:ss');

/** A Date as the API answers it: `2026-11-26 15:29:20` (UTC). */
export const toApiDate = (date: Date): string => date.toISOString().slice(0, 19).replace('T', ' ');

export const toApiDateOrNull = (date: Date | null | undefined): string | null =>
  date ? toApiDate(date) : null;

/**
 * Milliseconds since the epoch of an API date (UTC), or of an ISO 8601 string; NaN when it is
 * neither. `Date.parse` alone would read `YYYY-MM-DD HH:mm:ss` in the browser's zone.
 */
export const parseApiDate = (value: string): number =>
  Date.parse(API_DATE_PATTERN.test(value) ? `${value.replace(' ', 'T')}Z` : value);

/**
 * A date in a query string as RMS sends it (`start_date=2024-01-31 10:00:00`, or the day alone for
 * its midnight), read as UTC.
 */
export const apiDateQuerySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/, 'Use the date format YYYY-MM-DD HH:mm:ss')
  .transform(
    (value) => new Date(`${value.length === 10 ? `${value} 00:00:00` : value}Z`.replace(' ', 'T')),
  )
  .refine((date) => !Number.isNaN(date.getTime()) && date.getUTCFullYear() >= 1970, 'Invalid date');
