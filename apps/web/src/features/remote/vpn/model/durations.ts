import { VPN_PROFILE_DEFAULT_SECONDS } from '@netfleet/contracts';
import { DURATION_TEXTS as T } from '../texts';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** 3600 → '1 hour', 86400 → '1 day', 604800 → '1 week'. */
export function durationLabel(seconds: number): string {
  if (seconds >= 7 * DAY && seconds % (7 * DAY) === 0) return T.weeks(seconds / (7 * DAY));
  if (seconds >= DAY && seconds % DAY === 0) return T.days(seconds / DAY);
  if (seconds >= HOUR && seconds % HOUR === 0) return T.hours(seconds / HOUR);
  return T.minutes(Math.round(seconds / MINUTE));
}

const options = (values: readonly number[]) =>
  values.map((seconds) => ({ value: String(seconds), label: durationLabel(seconds) }));

/** How long a hub stays switched on or off (within VPN_HUB_DURATION_MIN..MAX). */
export const TOGGLE_DURATIONS = options([HOUR, 4 * HOUR, DAY, 7 * DAY, 30 * DAY]);

/** How long a quick connect profile works (within VPN_PROFILE_MIN..MAX_SECONDS). */
export const PROFILE_LIFETIMES = options([HOUR, 8 * HOUR, DAY, 7 * DAY, 30 * DAY, 365 * DAY]);
export const DEFAULT_PROFILE_LIFETIME = String(VPN_PROFILE_DEFAULT_SECONDS);
