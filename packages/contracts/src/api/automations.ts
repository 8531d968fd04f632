import { z } from 'zod';
import { listEnvelope, successEnvelope } from '../errors.ts';
import { idSchema, listQuerySchema } from '../list.ts';
import { nameSchema } from '../validation.ts';
import { AUTOMATION_MESSAGES } from './automation-messages.ts';
import { conditionsBodySchema, conditionsBodyShapeSchema } from './automations-conditions.ts';
import { requiredIdSchema } from './companies.ts';
import { DEVICE_JOBS_BULK_MAX } from './device-jobs.ts';
import { rmsSort } from './device-tasks.ts';

// The RMS automation operations (design docs/design/alerts-automations.md §1, routes 1–17):
// rules, their devices, their logs, with RMS's names and its body quirks. netfleet adds
// `renotify_interval` and `scope` (tags and companies whose devices the rule covers).

export const AUTOMATION_NAME_MAX_LENGTH = 255;
export const AUTOMATION_DESCRIPTION_MAX_LENGTH = 1000;
/** Longest delay, cooldown or renotify interval: 30 days, in seconds. */
export const AUTOMATION_DURATION_MAX = 30 * 24 * 60 * 60;
export const AUTOMATION_REPETITIONS_MAX = 1000;
export const AUTOMATION_SCOPE_MAX = 100;
/** RMS action_status of a log: what became of the evaluation's actions. */
/** fired: the conditions started to hold; resolved: they stopped; renotify: still open; event: once. */
export const AUTOMATION_LOG_KINDS = ['fired', 'resolved', 'renotify', 'event'] as const;
export type AutomationLogKind = (typeof AUTOMATION_LOG_KINDS)[number];
export const AUTOMATION_ACTION_STATUSES = { pending: 0, success: 1, failed: 2 } as const;

const seconds = z.number().int().min(0).max(AUTOMATION_DURATION_MAX);
export const AUTOMATION_TRIGGER_LIMIT_MAX = 100_000;
const deviceIds = z.array(requiredIdSchema('Device')).max(DEVICE_JOBS_BULK_MAX);
const automationIds = z.array(requiredIdSchema('Automation')).max(DEVICE_JOBS_BULK_MAX);

export const automationScopeSchema = z.object({
  tag_id: z.array(requiredIdSchema('Tag')).max(AUTOMATION_SCOPE_MAX).default([]),
  /** A company covers its subtree; the rule's own company always bounds the scope. */
  company_id: z.array(requiredIdSchema('Company')).max(AUTOMATION_SCOPE_MAX).default([]),
});
export type AutomationScope = z.infer<typeof automationScopeSchema>;

const automationWriteFields = {
  name: nameSchema({ max: AUTOMATION_NAME_MAX_LENGTH }),
  description: z.string().trim().max(AUTOMATION_DESCRIPTION_MAX_LENGTH),
  /** The owning company; the caller's own when absent. */
  company_id: requiredIdSchema('Company'),
  cooldown_duration: seconds,
  cooldown_enabled: z.boolean(),
  delay_enabled: z.boolean(),
  delay_repetitions_count: z.number().int().min(0).max(AUTOMATION_REPETITIONS_MAX),
  /** Seconds the conditions must hold before the rule fires. */
  delay_duration: seconds,
  enabled: z.boolean(),
  conditions_body: conditionsBodySchema,
  /** netfleet: while an alert stays open, notify again this often (s; 0 = never). */
  renotify_interval: seconds,
  /** netfleet: devices covered besides those assigned explicitly. */
  scope: automationScopeSchema,
  /**
   * netfleet (RMS answers it but takes no value): fires per device per UTC day; past it events are
   * logged with their actions skipped. null: no limit.
   */
  period_trigger_limit: z.number().int().min(1).max(AUTOMATION_TRIGGER_LIMIT_MAX).nullable(),
};

/** RMS automation_post_put as POST takes it: a name and a condition; the rest as the table's defaults. */
export const createAutomationBodySchema = z.object({
  ...automationWriteFields,
  description: automationWriteFields.description.default(''),
  company_id: automationWriteFields.company_id.optional(),
  cooldown_duration: seconds.default(0),
  cooldown_enabled: z.boolean().default(false),
  delay_enabled: z.boolean().default(false),
  delay_repetitions_count: automationWriteFields.delay_repetitions_count.default(0),
  delay_duration: seconds.default(0),
  enabled: z.boolean().default(true),
  renotify_interval: seconds.default(0),
  scope: automationScopeSchema.default({ tag_id: [], company_id: [] }),
  period_trigger_limit: automationWriteFields.period_trigger_limit.optional(),
});
export type CreateAutomationBody = z.infer<typeof createAutomationBodySchema>;

/** PUT takes the same fields; only those sent change. */
export const updateAutomationBodySchema = z.object(automationWriteFields).partial();
export type UpdateAutomationBody = z.infer<typeof updateAutomationBodySchema>;

/**
 * RMS automation_body. Versions are strings and dates plain strings in RMS's definition;
 * netfleet answers ISO 8601 dates, as automation logs and devices (`date-time`).
 */
export const automationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Which readings the rule reads: the telemetry category or `events` (derived). */
  data_group: z.string(),
  company_id: z.number().int(),
  /** The owner, whose permissions the actions run with; null once that user is deleted. */
  user_id: z.number().int().nullable(),
  cooldown_duration: z.number().int(),
  cooldown_enabled: z.boolean(),
  delay_enabled: z.boolean(),
  delay_repetitions_count: z.number().int(),
  delay_duration: z.number().int(),
  automation_version: z.string(),
  conditions_body_version: z.string(),
  total_triggered_count: z.number().int(),
  period_triggered_count: z.number().int(),
  /** Fires per device per UTC day; null: no limit. */
  period_trigger_limit: z.number().int().nullable(),
  enabled: z.boolean(),
  devices_count: z.number().int(),
  active_devices_count: z.number().int(),
  period_latest_reset: z.string(),
  created_at: z.string(),
  conditions_body: conditionsBodyShapeSchema,
  // netfleet always answers these two; optional so an RMS answer reads with the same schema.
  renotify_interval: z.number().int().optional(),
  scope: z
    .object({ tag_id: z.array(z.number().int()), company_id: z.array(z.number().int()) })
    .optional(),
});
export type Automation = z.infer<typeof automationSchema>;
export const automationEnvelopeSchema = successEnvelope(automationSchema);
export const automationListEnvelopeSchema = listEnvelope(automationSchema);

const isoDate = z.iso.datetime({ offset: true });

export const automationLogSchema = z.object({
  company_id: z.number().int(),
  company_name: z.string(),
  created_at: isoDate,
  device_id: z.number().int(),
  device_name: z.string(),
  /** Each condition's tag (`cond_0`) and whether it held. */
  evaluated_conditions: z.array(z.object({ key: z.string(), value: z.boolean() })),
  /** Each parameter's value at the evaluation (RMS: any type; its example sends "35"). */
  evaluated_parameters: z.array(
    z.object({ key: z.string(), value: z.union([z.string(), z.number(), z.boolean(), z.null()]) }),
  ),
  evaluation_id: z.string(),
  mac: z.string().nullable(),
  /** pending, success, failed, partial or skipped. */
  overall_status: z.string(),
  serial: z.string(),
  // netfleet: what the evaluation was (optional so an RMS answer reads with the same schema).
  kind: z.enum(AUTOMATION_LOG_KINDS).optional(),
  /** Why an alert resolved without its condition clearing (the rule changed, server down). */
  reason: z.string().nullable().optional(),
  /** The rule as it was when evaluated. */
  conditions_body: conditionsBodyShapeSchema,
});
export type AutomationLog = z.infer<typeof automationLogSchema>;
export const automationLogListEnvelopeSchema = listEnvelope(automationLogSchema);

/** RMS automation_log_evaluationId_body: the log with `conditions` and its actions' outcome. */
export const automationLogDetailSchema = automationLogSchema
  .omit({ conditions_body: true })
  .extend({
    conditions: conditionsBodyShapeSchema,
    /** AUTOMATION_ACTION_STATUSES. */
    action_status: z.number().int(),
    action_status_message: z.string(),
  });
export type AutomationLogDetail = z.infer<typeof automationLogDetailSchema>;
export const automationLogDetailEnvelopeSchema = successEnvelope(automationLogDetailSchema);

/** RMS device_body_2: a device of a rule with its counters. */
export const automationDeviceSchema = z.object({
  device_id: z.number().int(),
  automation_id: z.number().int(),
  total_triggered_count: z.number().int(),
  period_triggered_count: z.number().int(),
  period_trigger_limit: z.number().int().nullable(),
  period_latest_reset: isoDate.nullable(),
  /** Null until the device first triggers the rule. */
  last_triggered_at: isoDate.nullable(),
  created_at: isoDate,
  enabled: z.boolean(),
  mac: z.string().nullable(),
  serial: z.string(),
  device_name: z.string(),
  firmware: z.string().nullable(),
});
export type AutomationDevice = z.infer<typeof automationDeviceSchema>;
export const automationDeviceListEnvelopeSchema = listEnvelope(automationDeviceSchema);

/** Route 1 (GET /automations). */
export const automationListQuerySchema = listQuerySchema.extend({
  sort: rmsSort,
  company_id: idSchema.optional(),
});
export type AutomationListQuery = z.infer<typeof automationListQuerySchema>;

/** Route 6 (GET /devices/{id}/automations). */
export const deviceAutomationListQuerySchema = listQuerySchema
  .pick({ limit: true, offset: true })
  .extend({ sort: rmsSort });
export type DeviceAutomationListQuery = z.infer<typeof deviceAutomationListQuerySchema>;

/** Route 7: RMS takes no query; netfleet pages the logs and filters them by device. */
export const automationLogListQuerySchema = listQuerySchema
  .pick({ limit: true, offset: true })
  .extend({ sort: rmsSort, device_id: idSchema.optional() });
export type AutomationLogListQuery = z.infer<typeof automationLogListQuerySchema>;

/** Route 8's path. */
export const automationLogParamsSchema = z.object({
  id: idSchema,
  evaluation_id: z.string().trim().min(1).max(64),
});

/** Route 10 (GET /automations/{id}/devices). */
export const automationDeviceListQuerySchema = listQuerySchema
  .pick({ limit: true, offset: true, q: true })
  .extend({
    sort: rmsSort,
    // RMS declares the model filter an integer; device models are names (RUTX11), so text.
    model: z.string().trim().min(1).max(64).optional(),
  });
export type AutomationDeviceListQuery = z.infer<typeof automationDeviceListQuerySchema>;

/** Routes 9 and 11: a JSON array body, also on DELETE, as RMS defines it. */
export const automationDevicesBodySchema = z
  .array(z.object({ devices: deviceIds }))
  .min(1)
  .max(100);
export type AutomationDevicesBody = z.infer<typeof automationDevicesBodySchema>;

/**
 * RMS's activation items name the flag `enable` but require `enabled`: either is taken, and the
 * item comes out with `enabled`.
 */
const activationFlag = { enable: z.boolean().optional(), enabled: z.boolean().optional() };
type ActivationFlag = { enable?: boolean; enabled?: boolean };
const requireFlag = (item: ActivationFlag, ctx: z.RefinementCtx) => {
  if (item.enable === undefined && item.enabled === undefined)
    ctx.addIssue({ code: 'custom', path: ['enable'], message: AUTOMATION_MESSAGES.enableRequired });
};
const toEnabled = <T extends ActivationFlag>({ enable, enabled, ...rest }: T) => ({
  ...rest,
  enabled: (enabled ?? enable) as boolean,
});

/** Route 12 (PUT /automations/activate). */
export const automationsActivationBodySchema = z
  .array(
    z
      .object({ ...activationFlag, automations: automationIds })
      .superRefine(requireFlag)
      .transform(toEnabled),
  )
  .min(1)
  .max(100);
export type AutomationsActivationBody = z.infer<typeof automationsActivationBodySchema>;

/** Route 13 (PUT /automations/{id}/devices/activation). */
export const automationDevicesActivationBodySchema = z
  .array(
    z
      .object({ ...activationFlag, devices: deviceIds })
      .superRefine(requireFlag)
      .transform(toEnabled),
  )
  .min(1)
  .max(100);
export type AutomationDevicesActivationBody = z.infer<typeof automationDevicesActivationBodySchema>;

/** Routes 14 and 15 (PUT /automations/devices/assign | unassign). */
export const automationsDevicesAssignBodySchema = z.object({
  data: z
    .array(z.object({ automation_id: requiredIdSchema('Automation'), device_id: deviceIds }))
    .min(1)
    .max(100),
});
export type AutomationsDevicesAssignBody = z.infer<typeof automationsDevicesAssignBodySchema>;
export const automationsDevicesUnassignBodySchema = automationsDevicesAssignBodySchema;
export type AutomationsDevicesUnassignBody = AutomationsDevicesAssignBody;

/** Routes 16 and 17 (RMS devices_automations_overwrite): an empty list removes every rule. */
export const devicesAutomationsOverwriteBodySchema = z.object({
  data: z
    .array(z.object({ device_id: requiredIdSchema('Device'), automation_id: automationIds }))
    .min(1)
    .max(DEVICE_JOBS_BULK_MAX),
});
export type DevicesAutomationsOverwriteBody = z.infer<typeof devicesAutomationsOverwriteBodySchema>;

/** netfleet GET /automations/parameters: the catalogue rules test (automation-parameters.ts). */
export const automationParameterSchema = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(['number', 'string', 'event']),
  unit: z.string().nullable(),
  operators: z.array(z.string()),
  source: z.string(),
  /** One key per named pin of the device: `<key>:<name>`. */
  named: z.boolean().optional(),
});
export type AutomationParameterAnswer = z.infer<typeof automationParameterSchema>;
export const automationParameterListEnvelopeSchema = successEnvelope(
  z.array(automationParameterSchema),
);
