import { ACCESS_DURATIONS } from '@netfleet/contracts';
import { REMOTE_ACCESS_TEXTS as T } from '../texts';

/** An hour: long enough for a maintenance task, short enough not to leave links lying about. */
export const DEFAULT_DURATION = 3600;

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** 300 → '5 minutes', 3600 → '1 hour', 86400 → '1 day'. */
export function durationLabel(seconds: number): string {
  if (seconds >= DAY && seconds % DAY === 0) return T.days(seconds / DAY);
  if (seconds >= HOUR && seconds % HOUR === 0) return T.hours(seconds / HOUR);
  return T.minutes(Math.round(seconds / MINUTE));
}

export const DURATION_OPTIONS = ACCESS_DURATIONS.map((seconds) => ({
  value: String(seconds),
  label: durationLabel(seconds),
}));
