import { VPN_PROFILE_DEFAULT_SECONDS } from '@netfleet/contracts';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** 3600 → '1 hour', 86400 → '1 day', 604800 → '1 week'. */
export function durationLabel(seconds: number): string {
  if (seconds >= 7 * DAY && seconds % (7 * DAY) === 0) return plural(seconds / (7 * DAY), 'week');
  if (seconds >= DAY && seconds % DAY === 0) return plural(seconds / DAY, 'day');
  if (seconds >= HOUR && seconds % HOUR === 0) return plural(seconds / HOUR, 'hour');
  return plural(Math.round(seconds / MINUTE), 'minute');
}

const options = (values: readonly number[]) =>
  values.map((seconds) => ({ value: String(seconds), label: durationLabel(seconds) }));

/** How long a hub stays switched on or off (within VPN_HUB_DURATION_MIN..MAX). */
export const TOGGLE_DURATIONS = options([HOUR, 4 * HOUR, DAY, 7 * DAY, 30 * DAY]);

/** How long a quick connect profile works (within VPN_PROFILE_MIN..MAX_SECONDS). */
export const PROFILE_LIFETIMES = options([HOUR, 8 * HOUR, DAY, 7 * DAY, 30 * DAY, 365 * DAY]);
export const DEFAULT_PROFILE_LIFETIME = String(VPN_PROFILE_DEFAULT_SECONDS);
