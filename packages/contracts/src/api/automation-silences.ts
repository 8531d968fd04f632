import { z } from 'zod';
import { apiDateSchema, parseApiDate } from '../api-dates.ts';
import { listEnvelope, successEnvelope } from '../errors.ts';
import { idSchema, listQuerySchema } from '../list.ts';
import { nameSchema } from '../validation.ts';
import { requiredIdSchema } from './companies.ts';
import { rmsSort, taskRecurrenceSchema } from './device-tasks.ts';

// Silences and maintenance windows of automations (design docs/design/alerts-automations.md §4.7):
// while one is active, rules still evaluate and log (`silenced`), their actions are skipped; when
// it ends with notify_after, alerts still open that fired during it notify once.

/** A silence lasts at most a year from its start to its end. */
export const SILENCE_MAX_SECONDS = 366 * 24 * 60 * 60;
/** A recurring window lasts at most a week. */
export const SILENCE_WINDOW_MAX_SECONDS = 7 * 24 * 60 * 60;
export const SILENCE_TARGETS_MAX = 1000;

export const AUTOMATION_SILENCE_MESSAGES = {
  created: 'Silence created successfully',
  updated: 'Silence updated successfully',
  removed: 'Silence removed successfully',
  notFound: 'Silence not found',
  endsBeforeStart: 'The end must be after the start',
  tooLong: 'A silence lasts at most one year',
  automationOutside: "The automation is not in the silence's company or below it",
  deviceOutside: "The device is not in the silence's company or below it",
  tagOutside: "The tag is not in the silence's company or below it",
  /** Until shown in an action's error: `Silenced by "Maintenance" until 2026-11-29 20:00:00 UTC`. */
  skipped: (name: string, until: string) => `Silenced by "${name}" until ${until} UTC`,
} as const;

/** A repeating window: cron's five fields in `time_zone`, each window `duration_seconds` long. */
export const silenceRecurrenceSchema = taskRecurrenceSchema.extend({
  duration_seconds: z.number().int().min(60).max(SILENCE_WINDOW_MAX_SECONDS),
});
export type SilenceRecurrence = z.infer<typeof silenceRecurrenceSchema>;

/** The window's error, at its field, or null: ends after it starts, within a year. */
export const silenceWindowError = (startsAt: string, endsAt: string) => {
  const starts = parseApiDate(startsAt);
  const ends = parseApiDate(endsAt);
  if (!(ends > starts)) return AUTOMATION_SILENCE_MESSAGES.endsBeforeStart;
  if (ends - starts > SILENCE_MAX_SECONDS * 1000) return AUTOMATION_SILENCE_MESSAGES.tooLong;
  return null;
};

const targetList = (label: string) => z.array(requiredIdSchema(label)).max(SILENCE_TARGETS_MAX);
const targets = (label: string) => targetList(label).default([]);

const silenceFields = {
  name: nameSchema({ max: 255 }),
  /** The owning company; the caller's own when absent. Its subtree bounds the targets. */
  company_id: requiredIdSchema('Company').optional(),
  /** Empty: every automation of the company. */
  automation_ids: targets('Automation'),
  /** Devices, and devices with one of the tags; both empty: every device of the company. */
  device_ids: targets('Device'),
  tag_ids: targets('Tag'),
  starts_at: apiDateSchema,
  ends_at: apiDateSchema,
  recurrence: silenceRecurrenceSchema.nullable().default(null),
  notify_after: z.boolean().default(true),
};

export const createSilenceBodySchema = z.object(silenceFields).superRefine((body, context) => {
  const error = silenceWindowError(body.starts_at, body.ends_at);
  if (error) context.addIssue({ code: 'custom', message: error, path: ['ends_at'] });
});
export type CreateSilenceBody = z.infer<typeof createSilenceBodySchema>;

/** PUT: only the fields sent change (the window is checked once merged). */
export const updateSilenceBodySchema = z
  .object({
    ...silenceFields,
    automation_ids: targetList('Automation'),
    device_ids: targetList('Device'),
    tag_ids: targetList('Tag'),
    recurrence: silenceRecurrenceSchema.nullable(),
    notify_after: z.boolean(),
  })
  .partial();
export type UpdateSilenceBody = z.infer<typeof updateSilenceBodySchema>;

export const silenceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  company_id: z.number().int(),
  created_by: z.number().int().nullable(),
  automation_ids: z.array(z.number().int()),
  device_ids: z.array(z.number().int()),
  tag_ids: z.array(z.number().int()),
  starts_at: z.string(),
  ends_at: z.string(),
  recurrence: silenceRecurrenceSchema.nullable(),
  notify_after: z.boolean(),
  created_at: z.string(),
});
export type Silence = z.infer<typeof silenceSchema>;
export const silenceEnvelopeSchema = successEnvelope(silenceSchema);
export const silenceListEnvelopeSchema = listEnvelope(silenceSchema);

export const silenceListQuerySchema = listQuerySchema
  .pick({ limit: true, offset: true })
  .extend({ sort: rmsSort, company_id: idSchema.optional() });
export type SilenceListQuery = z.infer<typeof silenceListQuerySchema>;
