import { CRON_WORDS, weekDayName } from '../silence-texts';

// The server reads schedules with croner; the browser only needs enough of cron to say a schedule
// in words and to tell whether a silence's window is open now. What this reader does not take
// (L, W, #, seconds) is left to the server: the table then shows the expression as it is.

export interface CronSchedule {
  minute: ReadonlySet<number>;
  hour: ReadonlySet<number>;
  dayOfMonth: ReadonlySet<number>;
  month: ReadonlySet<number>;
  /** 0–6, Sunday first (cron's 7 is read as 0). */
  dayOfWeek: ReadonlySet<number>;
  /** `*` or `?`: the other day field alone decides (both restricted: either matches, as cron). */
  anyDayOfMonth: boolean;
  anyDayOfWeek: boolean;
}

/** A wall-clock minute in the schedule's time zone. */
export interface WallMinute {
  minute: number;
  hour: number;
  day: number;
  month: number;
  weekday: number;
}

const MONTH_NAMES = [
  'JAN',
  'FEB',
  'MAR',
  'APR',
  'MAY',
  'JUN',
  'JUL',
  'AUG',
  'SEP',
  'OCT',
  'NOV',
  'DEC',
];
const DAY_NAMES = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];
const WILDCARDS = new Set(['*', '?']);

interface FieldSpec {
  min: number;
  max: number;
  /** Names for min, min + 1, ... (JAN is 1, SUN is 0). */
  names?: readonly string[];
}

const FIELDS: readonly FieldSpec[] = [
  { min: 0, max: 59 },
  { min: 0, max: 23 },
  { min: 1, max: 31 },
  { min: 1, max: 12, names: MONTH_NAMES },
  { min: 0, max: 7, names: DAY_NAMES },
];

function valueOf(text: string | undefined, spec: FieldSpec): number | null {
  if (text === undefined) return null;
  if (/^\d{1,2}$/.test(text)) return Number(text);
  const index = spec.names?.indexOf(text.toUpperCase()) ?? -1;
  return index < 0 ? null : spec.min + index;
}

/** One field's values (`1-5`, `*\/15`, `MON,WED`), or null when this reader does not take it. */
export function parseCronField(text: string, spec: FieldSpec): Set<number> | null {
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const [range = '', stepText, ...extra] = part.split('/');
    if (extra.length > 0) return null;
    const step = stepText === undefined ? 1 : /^\d{1,2}$/.test(stepText) ? Number(stepText) : 0;
    if (step < 1) return null;
    let from: number | null;
    let to: number | null;
    if (WILDCARDS.has(range)) {
      [from, to] = [spec.min, spec.max];
    } else {
      const [first, last, ...more] = range.split('-');
      if (more.length > 0) return null;
      from = valueOf(first, spec);
      // `5/15` runs from 5 to the end, as in cron.
      to = last === undefined ? (stepText === undefined ? from : spec.max) : valueOf(last, spec);
    }
    if (from === null || to === null || from < spec.min || to > spec.max || from > to) return null;
    for (let value = from; value <= to; value += step) values.add(value);
  }
  return values;
}

/** Five fields read, or null when the browser cannot read them (the server may still). */
export function parseCron(expression: string): CronSchedule | null {
  const texts = expression.trim().split(/\s+/);
  if (texts.length !== 5) return null;
  const sets = texts.map((text, index) => {
    const spec = FIELDS[index];
    return spec ? parseCronField(text, spec) : null;
  });
  const [minute, hour, dayOfMonth, month, dayOfWeek] = sets;
  if (!minute || !hour || !dayOfMonth || !month || !dayOfWeek) return null;
  return {
    minute,
    hour,
    dayOfMonth,
    month,
    dayOfWeek: new Set([...dayOfWeek].map((day) => day % 7)),
    anyDayOfMonth: WILDCARDS.has(texts[2] ?? ''),
    anyDayOfWeek: WILDCARDS.has(texts[4] ?? ''),
  };
}

/** Whether the schedule fires at this wall-clock minute. */
export function cronMatches(schedule: CronSchedule, at: WallMinute): boolean {
  if (!schedule.minute.has(at.minute) || !schedule.hour.has(at.hour)) return false;
  if (!schedule.month.has(at.month)) return false;
  const dayOfMonth = schedule.dayOfMonth.has(at.day);
  const dayOfWeek = schedule.dayOfWeek.has(at.weekday);
  if (schedule.anyDayOfMonth) return dayOfWeek;
  if (schedule.anyDayOfWeek) return dayOfMonth;
  return dayOfMonth || dayOfWeek;
}

const pad = (value: number) => String(value).padStart(2, '0');
const single = (text: string | undefined) =>
  text !== undefined && /^\d{1,2}$/.test(text) ? Number(text) : null;

/** Days in the order the week is read (Monday first), joined: 'Monday, Wednesday and Friday'. */
function dayList(days: ReadonlySet<number>): string {
  const names = [...days].sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7)).map(weekDayName);
  const last = names.pop() ?? '';
  return names.length > 0 ? `${names.join(', ')}${CRON_WORDS.and}${last}` : last;
}

const WEEKDAYS = [1, 2, 3, 4, 5];

/** The common schedules in words; any other as its expression. */
export function describeCron(expression: string): string {
  const cron = expression.trim().replace(/\s+/g, ' ');
  const fallback = CRON_WORDS.cron(cron);
  const schedule = parseCron(cron);
  const [minute, hour, dayOfMonth, month] = cron.split(' ');
  if (!schedule || month !== '*') return fallback;
  const anyDay = schedule.anyDayOfMonth && schedule.anyDayOfWeek;
  if (minute === '*' && hour === '*' && anyDay) return CRON_WORDS.everyMinute;
  const [m, h] = [single(minute), single(hour)];
  if (m !== null && hour === '*' && anyDay) return CRON_WORDS.everyHourAt(m);
  if (m === null || h === null) return fallback;
  const time = `${pad(h)}:${pad(m)}`;
  if (anyDay) return CRON_WORDS.everyDayAt(time);
  if (schedule.anyDayOfMonth) {
    const days = schedule.dayOfWeek;
    const weekdays = days.size === WEEKDAYS.length && WEEKDAYS.every((day) => days.has(day));
    return weekdays ? CRON_WORDS.weekdaysAt(time) : CRON_WORDS.daysAt(dayList(days), time);
  }
  const day = single(dayOfMonth);
  if (schedule.anyDayOfWeek && day !== null) return CRON_WORDS.monthDayAt(day, time);
  return fallback;
}

/** The five fields of an expression as the form edits them (missing ones as `*`). */
export function cronParts(expression: string): string[] {
  const parts = expression.split(' ');
  return Array.from({ length: 5 }, (_, index) => parts[index] ?? '*');
}
