import { z } from 'zod';
import {
  DEVICE_TASK_MESSAGES,
  executeTaskGroupBodySchema,
  TASK_RUN_DEFAULT_VALIDITY_SECONDS,
  TASK_RUN_MAX_VALIDITY_SECONDS,
  toApiDate,
  type ExecuteTaskGroupBody,
} from '@netfleet/contracts';
import { fromZonedInput, HOUR_MS, toZonedInput } from '@/components/date-range';
import { TASK_TEXTS as T } from '../texts';
import {
  cronOf,
  defaultValidHours,
  hasFiveFields,
  PRESET_GAP_MS,
  REPEAT_PRESETS,
  userTimeZone,
  WEEK_DAYS,
} from './recurrence';
import type { StepVariable } from './variables';

const DEFAULT_VALIDITY_MS = TASK_RUN_DEFAULT_VALIDITY_SECONDS * 1000;
const MAX_VALIDITY_MS = TASK_RUN_MAX_VALIDITY_SECONDS * 1000;

export const START_MODES = ['now', 'at', 'repeat'] as const;
export type StartMode = (typeof START_MODES)[number];

// Start and end are datetime-local values on the wall clock of the user's time zone. A repeating
// run has no end to pick: each of its runs is valid for `valid_hours` (NaN while empty).
const runFormObject = z.object({
  device_id: z.array(z.number()),
  tag_id: z.array(z.number()),
  company_id: z.array(z.number()),
  start: z.enum(START_MODES),
  start_at: z.string(),
  valid_until: z.string(),
  repeat: z.enum(REPEAT_PRESETS),
  repeat_time: z.string(),
  repeat_day: z.enum(WEEK_DAYS),
  cron: z.string(),
  time_zone: z.string(),
  valid_hours: z.number().or(z.nan()),
  variables: z.array(
    z.object({ task_id: z.number(), step: z.string(), name: z.string(), value: z.string() }),
  ),
});
type RunFormObject = z.output<typeof runFormObject>;

const instantOf = (input: string): number | null => {
  const iso = fromZonedInput(input);
  return iso === null ? null : Date.parse(iso);
};

/** When the run starts: the time picked, else now. */
const startOf = (values: Pick<RunFormObject, 'start' | 'start_at'>, now: number) =>
  values.start === 'at' ? instantOf(values.start_at) : now;

/** A repeating run's rules that the browser can check; the server reads the cron expression. */
function checkRepeat(values: RunFormObject, ctx: z.RefinementCtx) {
  const issue = (path: keyof RunFormObject, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  if (values.repeat === 'custom' && !hasFiveFields(values.cron))
    issue('cron', DEVICE_TASK_MESSAGES.invalidCron);
  else if (cronOf(values) === null) issue('repeat_time', T.chooseTime);
  const hours = values.valid_hours;
  const gap = PRESET_GAP_MS[values.repeat];
  if (Number.isNaN(hours)) issue('valid_hours', T.required);
  else if (hours < 1) issue('valid_hours', T.atLeast(1));
  else if (hours * HOUR_MS > MAX_VALIDITY_MS)
    issue('valid_hours', DEVICE_TASK_MESSAGES.windowTooLong);
  else if (gap !== null && hours * HOUR_MS > gap)
    issue('valid_hours', DEVICE_TASK_MESSAGES.recurrenceOverlap);
}

/** The server's window rules, checked before sending so they show at once by the inputs. */
function checkWindow(values: RunFormObject, ctx: z.RefinementCtx) {
  if (values.start === 'repeat') {
    checkRepeat(values, ctx);
    return;
  }
  const now = Date.now();
  const start = startOf(values, now);
  if (start === null) {
    ctx.addIssue({ code: 'custom', path: ['start_at'], message: T.chooseDateTime });
  } else if (values.start === 'at' && start < now) {
    ctx.addIssue({ code: 'custom', path: ['start_at'], message: DEVICE_TASK_MESSAGES.startInPast });
  }
  const end = instantOf(values.valid_until);
  const issue = (message: string) =>
    ctx.addIssue({ code: 'custom', path: ['valid_until'], message });
  if (end === null) issue(T.chooseDateTime);
  else if (start !== null && end <= start) issue(DEVICE_TASK_MESSAGES.windowBeforeStart);
  else if (start !== null && end - start > MAX_VALIDITY_MS)
    issue(DEVICE_TASK_MESSAGES.windowTooLong);
}

const apiDateOf = (input: string) => {
  const iso = fromZonedInput(input);
  return iso === null ? undefined : toApiDate(new Date(iso));
};

/** Every run of a schedule gets the same window: the server measures it from now. */
const repeatWindowEnd = (hours: number) => toApiDate(new Date(Date.now() + hours * HOUR_MS));

/** The body: UTC API dates, and only the variables given a value, grouped by step. */
function toExecuteBody(values: RunFormObject): z.input<typeof executeTaskGroupBodySchema> {
  const repeat = values.start === 'repeat';
  const tasks = new Map<number, { name: string; value: string }[]>();
  for (const { task_id, name, value } of values.variables) {
    if (value === '') continue;
    tasks.set(task_id, [...(tasks.get(task_id) ?? []), { name, value }]);
  }
  return {
    device_id: values.device_id,
    tag_id: values.tag_id,
    company_id: values.company_id,
    tasks: [...tasks].map(([task_id, variables]) => ({ task_id, variables })),
    start_at: values.start === 'at' ? apiDateOf(values.start_at) : undefined,
    valid_until: repeat ? repeatWindowEnd(values.valid_hours) : apiDateOf(values.valid_until),
    recurrence: repeat ? { cron: cronOf(values) ?? '', time_zone: values.time_zone } : undefined,
  };
}

/** The run dialog's inputs, checked, then the contract's body (which wants a target). */
export const runFormSchema = runFormObject
  .superRefine(checkWindow)
  .transform(toExecuteBody)
  .pipe(executeTaskGroupBodySchema);
export type RunFormInput = z.input<typeof runFormSchema>;
export type RunFormValues = ExecuteTaskGroupBody;

/** The end of the default window for a run starting at `start` (an instant), as an input. */
export const defaultValidUntil = (start: number): string =>
  toZonedInput(start + DEFAULT_VALIDITY_MS);

/** Starting values: now, with an hour ahead offered for a later start or a daily one. */
export function runFormDefaults(variables: StepVariable[], now = Date.now()): RunFormInput {
  const later = toZonedInput(now + HOUR_MS);
  return {
    device_id: [],
    tag_id: [],
    company_id: [],
    start: 'now',
    start_at: later,
    valid_until: defaultValidUntil(now),
    repeat: 'daily',
    repeat_time: later.slice('YYYY-MM-DDT'.length),
    repeat_day: '1',
    cron: '',
    time_zone: userTimeZone(),
    valid_hours: defaultValidHours('daily'),
    variables,
  };
}

/** Where the window starts for the inputs now shown; null while the start is not a time. */
export const windowStart = (values: Pick<RunFormInput, 'start' | 'start_at'>): number | null =>
  startOf(values, Date.now());
