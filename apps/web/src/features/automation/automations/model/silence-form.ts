import type { Path } from 'react-hook-form';
import type { z } from 'zod';
import {
  createSilenceBodySchema,
  silenceWindowError,
  toApiDate,
  updateSilenceBodySchema,
  type Silence,
  type SilenceRecurrence,
} from '@netfleet/contracts';
import { chosenTimeZone } from '@/components/date-range';
import { SILENCES_TEXTS as T } from '../silence-texts';

// The form's values are the create body as the contract takes it: the contract is the resolver,
// and what it produces is what is sent. Start and end stay API dates (UTC) in the values; their
// inputs show the wall clock of the user's zone.

export type SilenceFormInput = z.input<typeof createSilenceBodySchema>;

export const createSilenceFormSchema = createSilenceBodySchema;

/**
 * The PUT body's schema as the form uses it: the form always holds the name and both ends (so its
 * values are the create form's), and checks the window as the create body does; the server checks
 * it only once merged.
 */
export const updateSilenceFormSchema = updateSilenceBodySchema
  .required({ name: true, starts_at: true, ends_at: true })
  .superRefine((body, context) => {
    const error = silenceWindowError(body.starts_at, body.ends_at);
    if (error) context.addIssue({ code: 'custom', message: error, path: ['ends_at'] });
  });

/**
 * Empty inputs and a window's length in the form's words rather than zod's (the only numbers
 * typed are the window's length; ids come from pickers).
 */
export const silenceErrorMap: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1)
    return T.required;
  if ((issue.code === 'too_small' || issue.code === 'too_big') && issue.origin === 'number')
    return T.durationRange;
  if (issue.code === 'invalid_type' && typeof issue.input === 'number') return T.durationRange;
  return undefined;
};

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** A repeating silence offered first: a month of nightly windows. */
const REPEAT_PERIOD_MS = 30 * 24 * HOUR_MS;
const REPEAT_CRON = '0 2 * * *';
const REPEAT_DURATION_SECONDS = 2 * 60 * 60;

/** The zone the console shows times in; a schedule follows its clock unless changed. */
export const userTimeZone = (): string =>
  chosenTimeZone() ?? Intl.DateTimeFormat().resolvedOptions().timeZone;

/** From now (to the minute, as the inputs show it) for an hour, every rule and device. */
export function newSilenceForm(now = Date.now()): SilenceFormInput {
  const start = Math.floor(now / MINUTE_MS) * MINUTE_MS;
  return {
    name: '',
    automation_ids: [],
    device_ids: [],
    tag_ids: [],
    starts_at: toApiDate(new Date(start)),
    ends_at: toApiDate(new Date(start + HOUR_MS)),
    recurrence: null,
    notify_after: true,
  };
}

/** The schedule the repeat switch starts with: nightly at 02:00 in the user's zone, for 2 h. */
export const newRecurrence = (): SilenceRecurrence => ({
  cron: REPEAT_CRON,
  time_zone: userTimeZone(),
  duration_seconds: REPEAT_DURATION_SECONDS,
});

/** An end that leaves a repeating silence room for its windows (an hour would hold none). */
export const repeatPeriodEnd = (startsAt: number): string =>
  toApiDate(new Date(startsAt + REPEAT_PERIOD_MS));

/** A saved silence as the form's values; its company stays (an update does not send it). */
export function silenceFormOf(silence: Silence): SilenceFormInput {
  const { recurrence } = silence;
  return {
    name: silence.name,
    automation_ids: silence.automation_ids,
    device_ids: silence.device_ids,
    tag_ids: silence.tag_ids,
    starts_at: silence.starts_at,
    ends_at: silence.ends_at,
    // One space between fields: the form edits the expression field by field.
    recurrence: recurrence && { ...recurrence, cron: recurrence.cron.trim().replace(/\s+/g, ' ') },
    notify_after: silence.notify_after,
  };
}

/**
 * The inputs a server error's `source` may name (`device_ids.3` shows under the devices); the
 * others (company, a hidden input) go to the list above the buttons.
 */
export function silenceErrorFields(shown: {
  tags: boolean;
  recurrence: boolean;
}): Path<SilenceFormInput>[] {
  return [
    'name',
    'automation_ids',
    'device_ids',
    ...(shown.tags ? (['tag_ids'] as const) : []),
    'starts_at',
    'ends_at',
    ...(shown.recurrence
      ? (['recurrence.cron', 'recurrence.time_zone', 'recurrence.duration_seconds'] as const)
      : []),
    'notify_after',
  ];
}
