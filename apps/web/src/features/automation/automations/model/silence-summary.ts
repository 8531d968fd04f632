import type { Silence } from '@netfleet/contracts';
import { formatDateTime } from '@/components/data-table';
import { DURATION_WORDS, SILENCES_TEXTS as T } from '../silence-texts';
import { describeCron } from './cron';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Seconds in words, largest units first, zero ones left out: '1 day 2 h', '1 h 30 min'. */
export function durationWords(seconds: number): string {
  const days = Math.floor(seconds / DAY);
  const hours = Math.floor((seconds % DAY) / HOUR);
  const minutes = Math.floor((seconds % HOUR) / MINUTE);
  const words = [
    days > 0 ? DURATION_WORDS.day(days) : null,
    hours > 0 ? DURATION_WORDS.hour(hours) : null,
    minutes > 0 ? DURATION_WORDS.minute(minutes) : null,
  ].filter((word) => word !== null);
  return words.length > 0 ? words.join(' ') : DURATION_WORDS.minute(0);
}

/** Which rules the silence covers: all of the company's, or how many were picked. */
export const automationsScope = (silence: Pick<Silence, 'automation_ids'>): string =>
  silence.automation_ids.length === 0
    ? T.allAutomations
    : T.automationsCount(silence.automation_ids.length);

/** Which devices: all of the company's, or the devices and tags picked. */
export function devicesScope(silence: Pick<Silence, 'device_ids' | 'tag_ids'>): string {
  const { device_ids: devices, tag_ids: tags } = silence;
  if (devices.length === 0 && tags.length === 0) return T.allDevices;
  return [
    devices.length > 0 ? T.devicesCount(devices.length) : null,
    tags.length > 0 ? T.tagsCount(tags.length) : null,
  ]
    .filter((part) => part !== null)
    .join(', ');
}

/** The period in the user's zone (spec §9 dates). */
export const periodText = (silence: Pick<Silence, 'starts_at' | 'ends_at'>): string =>
  T.range(formatDateTime(silence.starts_at), formatDateTime(silence.ends_at));

/** A repeating silence's schedule in words with its zone and each window's length; else null. */
export function scheduleText(silence: Pick<Silence, 'recurrence'>): string | null {
  const { recurrence } = silence;
  if (!recurrence) return null;
  return T.recurring(
    describeCron(recurrence.cron),
    recurrence.time_zone,
    durationWords(recurrence.duration_seconds),
  );
}
