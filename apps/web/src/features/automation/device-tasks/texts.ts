// The task manager's texts in the shown language (English source in texts/en.ts).
import type {
  GroupLogState,
  TaskAction,
  TaskLogState,
  TaskRunCounts,
  TaskRunState,
} from '@netfleet/contracts';
import { localize, uiLocale } from '@/lib/i18n';
import { WEEK_DAYS, type RepeatPreset, type WeekDay } from './model/recurrence';
import { en } from './texts/en';

const texts = await localize(en, {
  no: () => import('./texts/no').then((module) => module.no),
  ja: () => import('./texts/ja').then((module) => module.ja),
  uk: () => import('./texts/uk').then((module) => module.uk),
});

export const TASK_TEXTS = texts.texts;
export const ACTION_LABELS: Record<TaskAction, string> = texts.actionLabels;
export const REPEAT_LABELS: Record<RepeatPreset, string> = texts.repeatLabels;
export const RUN_STATE_LABELS: Record<TaskRunState, string> = texts.runStateLabels;
export const GROUP_LOG_STATE_LABELS: Record<GroupLogState, string> = texts.groupLogStateLabels;
export const TASK_LOG_STATE_LABELS: Record<TaskLogState, string> = texts.taskLogStateLabels;
/** A run's device counts, as the small badges name them ('5 done'). */
export const COUNT_LABELS: Record<
  Exclude<keyof TaskRunCounts, 'total'>,
  string
> = texts.countLabels;

const weekday = new Intl.DateTimeFormat(uiLocale(), { weekday: 'long', timeZone: 'UTC' });
/** 7 January 2024 was a Sunday, cron's day 0. */
const dayName = (day: WeekDay) => {
  const name = weekday.format(Date.UTC(2024, 0, 7 + Number(day)));
  return name.charAt(0).toLocaleUpperCase(uiLocale()) + name.slice(1);
};

/** Cron's day-of-week numbers ('0' is Sunday), named in the shown language. */
export const WEEK_DAY_LABELS = Object.fromEntries(
  WEEK_DAYS.map((day) => [day, dayName(day)]),
) as Record<WeekDay, string>;
