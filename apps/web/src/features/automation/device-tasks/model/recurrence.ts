import { TASK_RUN_DEFAULT_VALIDITY_SECONDS } from '@netfleet/contracts';
import { chosenTimeZone, DAY_MS, HOUR_MS } from '@/components/date-range';

/** How a run repeats: presets that build the cron expression, or one typed in. */
export const REPEAT_PRESETS = ['hourly', 'daily', 'weekdays', 'weekly', 'custom'] as const;
export type RepeatPreset = (typeof REPEAT_PRESETS)[number];

/** Cron's day-of-week numbers, in the order the week is offered (Monday first). */
export const WEEK_DAYS = ['1', '2', '3', '4', '5', '6', '0'] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];

export interface RepeatChoice {
  repeat: RepeatPreset;
  /** HH:MM on the wall clock of the time zone sent with the cron expression. */
  repeat_time: string;
  repeat_day: WeekDay;
  cron: string;
}

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** A preset's time as cron's 'minute hour'; null while the input holds no time. */
function minuteHour(time: string): string | null {
  const match = TIME.exec(time);
  return match ? `${Number(match[2])} ${Number(match[1])}` : null;
}

/** The cron expression the choice stands for; null while a preset's time is missing. */
export function cronOf(choice: RepeatChoice): string | null {
  if (choice.repeat === 'custom') return choice.cron.trim().replace(/\s+/g, ' ');
  if (choice.repeat === 'hourly') return '0 * * * *';
  const at = minuteHour(choice.repeat_time);
  if (at === null) return null;
  if (choice.repeat === 'daily') return `${at} * * *`;
  if (choice.repeat === 'weekdays') return `${at} * * 1-5`;
  return `${at} * * ${choice.repeat_day}`;
}

/** The server reads five fields (minute hour day-of-month month day-of-week) and checks the rest. */
export const hasFiveFields = (cron: string): boolean => cron.trim().split(/\s+/).length === 5;

/**
 * The shortest time between two runs of a preset, on the clock of its time zone: a run's window
 * may not be longer. A typed expression's is found by the server.
 */
export const PRESET_GAP_MS: Readonly<Record<RepeatPreset, number | null>> = {
  hourly: HOUR_MS,
  daily: DAY_MS,
  weekdays: DAY_MS,
  weekly: 7 * DAY_MS,
  custom: null,
};

/** Each run's validity until the user sets it: the server's default, cut to the preset's gap. */
export const defaultValidHours = (preset: RepeatPreset): number =>
  Math.min(TASK_RUN_DEFAULT_VALIDITY_SECONDS * 1000, PRESET_GAP_MS[preset] ?? Infinity) / HOUR_MS;

/** The zone the console shows times in, which the schedule's clock follows too. */
export const userTimeZone = (): string =>
  chosenTimeZone() ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
