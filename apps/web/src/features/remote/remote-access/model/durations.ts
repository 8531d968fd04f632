import { ACCESS_DURATIONS } from '@netfleet/contracts';

/** An hour: long enough for a maintenance task, short enough not to leave links lying about. */
export const DEFAULT_DURATION = 3600;

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** 300 → '5 minutes', 3600 → '1 hour', 86400 → '1 day'. */
export function durationLabel(seconds: number): string {
  if (seconds >= DAY && seconds % DAY === 0) return plural(seconds / DAY, 'day');
  if (seconds >= HOUR && seconds % HOUR === 0) return plural(seconds / HOUR, 'hour');
  return plural(Math.round(seconds / MINUTE), 'minute');
}

export const DURATION_OPTIONS = ACCESS_DURATIONS.map((seconds) => ({
  value: String(seconds),
  label: durationLabel(seconds),
}));
