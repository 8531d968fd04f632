import { z } from 'zod';
import { successEnvelope } from '../errors.ts';
import { requiredIdSchema } from './companies.ts';
import { DEVICE_JOBS_BULK_MAX } from './device-jobs.ts';
import { createAutomationBodySchema } from './automations.ts';

/** The longest history a preview replays: a week. */
export const AUTOMATION_PREVIEW_HOURS_MAX = 168;
/** Devices a preview replays at most (the first by id); `truncated` says when there were more. */
export const AUTOMATION_PREVIEW_DEVICES_MAX = 500;

/**
 * POST /api/automations/preview (netfleet): the editor's rule, replayed over the stored readings of
 * the devices it would cover — "would have fired N times on the last 24 h". `id` names a saved rule
 * whose explicitly assigned devices count as in scope; `device_ids` adds devices the editor is
 * about to assign.
 */
export const automationPreviewBodySchema = createAutomationBodySchema.extend({
  id: z.number().int().positive().optional(),
  device_ids: z.array(requiredIdSchema('Device')).max(DEVICE_JOBS_BULK_MAX).default([]),
  hours: z.number().int().min(1).max(AUTOMATION_PREVIEW_HOURS_MAX).default(24),
});
export type AutomationPreviewBody = z.infer<typeof automationPreviewBodySchema>;

export const automationPreviewSchema = z.object({
  hours: z.number().int(),
  fired: z.number().int(),
  resolved: z.number().int(),
  /** Devices whose readings were replayed. */
  devices_evaluated: z.number().int(),
  devices_in_scope: z.number().int(),
  /** More devices were in scope than a preview replays. */
  truncated: z.boolean(),
  /** Some devices had more readings than one a minute; the last of each minute was used. */
  thinned: z.boolean(),
  /** Parameters with no stored history to replay (events): their conditions never held here. */
  unreplayed_parameters: z.array(z.string()),
  /** The devices that fired most, most first (at most 10). */
  per_device: z.array(
    z.object({
      device_id: z.number().int(),
      device_name: z.string(),
      fired: z.number().int(),
      resolved: z.number().int(),
    }),
  ),
});
export type AutomationPreview = z.infer<typeof automationPreviewSchema>;
export const automationPreviewEnvelopeSchema = successEnvelope(automationPreviewSchema);
