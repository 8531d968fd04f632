// The 'until' date of an impersonation grant from the period the user picked.
import { IMPERSONATION_ACCESS_MAX_DAYS } from '@netfleet/contracts';

export const ACCESS_PRESETS = ['1', '7', '30'] as const;
export type AccessChoice = (typeof ACCESS_PRESETS)[number] | 'date';

const DAY_MS = 24 * 60 * 60 * 1000;

/** YYYY-MM-DD of a local date, as <input type="date"> reads and writes it. */
export function toDateInputValue(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** First and last day a custom date may be: today up to the maximum period. */
export function dateInputRange(now: Date): { min: string; max: string } {
  return {
    min: toDateInputValue(now),
    max: toDateInputValue(new Date(now.getTime() + IMPERSONATION_ACCESS_MAX_DAYS * DAY_MS)),
  };
}

/**
 * ISO 'until' for the choice, or null when the custom date is missing or out of range. A custom
 * date means the end of that local day, capped at the maximum period.
 */
export function accessUntil(choice: AccessChoice, date: string, now: Date): string | null {
  const latest = now.getTime() + IMPERSONATION_ACCESS_MAX_DAYS * DAY_MS;
  if (choice !== 'date') return new Date(now.getTime() + Number(choice) * DAY_MS).toISOString();
  const { min, max } = dateInputRange(now);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || date < min || date > max) return null;
  const endOfDay = new Date(`${date}T23:59:59`).getTime();
  return new Date(Math.min(endOfDay, latest)).toISOString();
}
