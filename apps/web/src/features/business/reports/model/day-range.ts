import { toApiDate } from '@netfleet/contracts';
import { fromZonedInput, toZonedInput } from '@/components/date-range';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Today (YYYY-MM-DD) on the chosen zone's wall clock, or `days` before it. */
export function zonedDay(daysBefore = 0, now = Date.now()): string {
  return toZonedInput(now - daysBefore * DAY_MS).slice(0, 10);
}

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

export interface DayRangeErrors {
  from?: string;
  to?: string;
}

/**
 * The API dates (UTC) of the days `from` to `to`, both included, on the chosen zone's wall
 * clock: from the first one's midnight to the last second before the next day's midnight.
 */
export function dayRange(
  from: string,
  to: string,
): { start_date: string; end_date: string } | null {
  const start = fromZonedInput(`${from}T00:00`);
  const next = fromZonedInput(`${nextDay(to)}T00:00`);
  if (start === null || next === null) return null;
  return {
    start_date: toApiDate(new Date(start)),
    end_date: toApiDate(new Date(Date.parse(next) - 1000)),
  };
}
