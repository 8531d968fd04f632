// Date ranges the statistics tabs offer, and the time zone their days and months are cut in.
import { COOKIES, isTimeZone, STATISTICS_MAX_PERIODS } from '@netfleet/contracts';
import { DAY_MS, type RangePreset } from '@/components/date-range';
import { readCookie } from '@/lib/cookies';
import { STATISTICS_TEXTS as T } from './texts';

const preset = (value: keyof typeof T.presets, days: number): RangePreset => ({
  value,
  label: T.presets[value],
  ms: days * DAY_MS,
});

const RANGE_PRESETS: readonly RangePreset[] = [
  preset('1d', 1),
  preset('7d', 7),
  preset('30d', 30),
  preset('90d', 90),
  preset('365d', 365),
  preset('730d', 730),
];

/** The presets a tab offers, by value, in the order above. */
export const presetsOf = (values: readonly string[]): readonly RangePreset[] =>
  RANGE_PRESETS.filter((candidate) => values.includes(candidate.value));

/**
 * The longest custom range of a tab answering per day: the server refuses more than
 * STATISTICS_MAX_PERIODS periods (a time zone can add one).
 */
export const MAX_DAILY_RANGE_MS = (STATISTICS_MAX_PERIODS - 2) * DAY_MS;

/** Spec §9: the time zone from the cookie, else the browser's. */
export function requestTimeZone(): string {
  const zone = readCookie(COOKIES.timezone);
  if (zone && isTimeZone(zone)) return zone;
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
