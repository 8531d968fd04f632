// The period a view reads (the API's start_date/end_date): a preset relative to now, so a refresh
// moves the window along, or a fixed custom range. Custom inputs are datetime-local values on the
// chosen time zone's wall clock (./zoned-input).
import { DATE_RANGE_TEXTS as T } from './texts';

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

export interface RangePreset {
  value: string;
  label: string;
  ms: number;
}

/** A preset's value, or a custom range as ISO timestamps. */
export type DateRange = { preset: string } | { from: string; to: string };

export interface RangeQuery {
  start_date: string;
  end_date: string;
}

/** The query for a range at `now`; an unknown preset falls back to the first one offered. */
export function rangeQuery(
  range: DateRange,
  presets: readonly RangePreset[],
  now: number = Date.now(),
): RangeQuery {
  if ('from' in range) return { start_date: range.from, end_date: range.to };
  const preset = presets.find((candidate) => candidate.value === range.preset) ?? presets[0];
  const span = preset?.ms ?? DAY_MS;
  return { start_date: new Date(now - span).toISOString(), end_date: new Date(now).toISOString() };
}

export interface RangeErrors {
  from?: string;
  to?: string;
}

export interface RangeLimits {
  now?: number;
  /** The longest span the view can show (what its server answers, or what stays readable). */
  maxMs?: number;
}

/** Why a custom from/to (ISO, null when not given) cannot be used, per input; {} when it can. */
export function customRangeErrors(
  from: string | null,
  to: string | null,
  { now = Date.now(), maxMs }: RangeLimits = {},
): RangeErrors {
  const errors: RangeErrors = {};
  const start = from === null ? null : Date.parse(from);
  const end = to === null ? null : Date.parse(to);
  if (start === null) errors.from = T.required;
  else if (start > now) errors.from = T.future;
  if (end === null) errors.to = T.required;
  else if (end > now) errors.to = T.future;
  if (errors.from || errors.to || start === null || end === null) return errors;
  if (start >= end) return { from: T.startAfterEnd };
  if (maxMs !== undefined && end - start > maxMs)
    return { from: T.tooLong(Math.floor(maxMs / DAY_MS)) };
  return errors;
}
