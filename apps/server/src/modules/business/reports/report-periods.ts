import type { ReportPeriod } from '@netfleet/contracts';
import { Cron } from 'croner';

/** What a report covers: from `start` (included) to `end` (excluded). */
export interface ReportRange {
  start: Date;
  end: Date;
}

type Repeating = Exclude<ReportPeriod, 'custom'>;

/** Where each period starts: midnight, Monday's midnight, the first's midnight. */
const BOUNDARIES: Record<Repeating, string> = {
  day: '0 0 * * *',
  week: '0 0 * * 1',
  month: '0 0 1 * *',
};

const cronOf = (period: Repeating, timeZone: string) =>
  new Cron(BOUNDARIES[period], { timezone: timeZone, paused: true });

const must = (date: Date | null | undefined, what: string): Date => {
  if (!date) throw new Error(`no ${what} period boundary`);
  return date;
};

/** When the period under way at `at` ends (in the zone): when a periodic report is due next. */
export const nextPeriodEnd = (period: Repeating, timeZone: string, at: Date): Date =>
  must(cronOf(period, timeZone).nextRun(at), 'next');

/**
 * The last whole day, week or month before `at` in the zone: a day report generated at 00:05 on
 * the 11th covers the 10th, midnight to midnight, however many hours that day had.
 */
export const lastWholePeriod = (period: Repeating, timeZone: string, at: Date): ReportRange => {
  const cron = cronOf(period, timeZone);
  // croner looks strictly before or after: the boundary at or before `at` is the one before the next.
  const end = must(cron.previousRuns(1, must(cron.nextRun(at), 'next'))[0], 'previous');
  const start = must(cron.previousRuns(1, end)[0], 'previous');
  return { start, end };
};

/** The range a template covers when generated at `at`. */
export const rangeOf = (
  template: {
    period: ReportPeriod;
    timeZone: string;
    startDate: Date | null;
    endDate: Date | null;
  },
  at: Date,
): ReportRange => {
  if (template.period !== 'custom') return lastWholePeriod(template.period, template.timeZone, at);
  if (!template.startDate || !template.endDate) throw new Error('a custom period without dates');
  return { start: template.startDate, end: template.endDate };
};

/** `YYYY-MM-DD` of an instant in the zone. */
export const localDate = (date: Date, timeZone: string): string =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
