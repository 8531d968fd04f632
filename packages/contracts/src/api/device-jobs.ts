import { z } from 'zod';
import { MONITORING } from '../constants.ts';
import { type CommandType, commandArgsSchema } from '../device-protocol.ts';
import { errorItemSchema } from '../errors.ts';
import { ID_MAX, idSchema, listQuerySchema } from '../list.ts';
import { monitoringPeriodOrOffSchema } from '../validation.ts';
import { requiredIdSchema } from './companies.ts';

// Durable device jobs (reboot, firmware, commands) and the RMS endpoints that create them:
// POST /devices/actions, /devices/updates/*, /devices/{id}/command, PUT /devices/monitoring.

export const DEVICE_JOB_STATES = [
  'queued',
  'sent',
  'running',
  'completed',
  'failed',
  'cancelled',
  'timeout',
] as const;
export type DeviceJobState = (typeof DEVICE_JOB_STATES)[number];
/** Jobs that may still reach or run on the device. */
export const OPEN_DEVICE_JOB_STATES = ['queued', 'sent', 'running'] as const;

/** What POST /devices/actions can ask of a device. */
export const DEVICE_ACTIONS = ['reboot', 'update_metrics_data', 'download_backup'] as const;
export type DeviceAction = (typeof DEVICE_ACTIONS)[number];
/** The device command each action becomes. */
export const DEVICE_ACTION_COMMANDS = {
  reboot: 'reboot',
  update_metrics_data: 'update_metrics_data',
  download_backup: 'backup_export',
} as const satisfies Record<DeviceAction, CommandType>;
/**
 * RMS actions the device protocol cannot carry yet: accepted, and every device answers an
 * UNSUPPORTED error on the status channel (no job is queued).
 */
export const UNSUPPORTED_DEVICE_ACTIONS = ['download_troubleshoot', 'download_eventslog'] as const;
export const RMS_DEVICE_ACTIONS = [...UNSUPPORTED_DEVICE_ACTIONS, ...DEVICE_ACTIONS] as const;
export type RmsDeviceAction = (typeof RMS_DEVICE_ACTIONS)[number];
export const isSupportedDeviceAction = (action: RmsDeviceAction): action is DeviceAction =>
  (DEVICE_ACTIONS as readonly string[]).includes(action);

/** Most devices one bulk request may name. */
export const DEVICE_JOBS_BULK_MAX = 1000;

export const DEVICE_JOB_MESSAGES = {
  deviceNotFound: 'Device not found',
  monitoringUpdated: 'Monitoring periods updated',
  jobNotFound: 'Job not found',
  fileNotFound: 'File not found',
  notFirmware: 'The file is not a firmware file',
  notCancellable: 'Only a queued or sent job can be cancelled',
  unsupportedAction: (action: string) =>
    `The device protocol cannot ${action.replaceAll('_', ' ')} yet`,
  notBackup: 'The file is not a configuration backup',
  deviceOffline: 'The device is offline (set offline: true to update it when it reconnects)',
  nothingToCancel: 'Give device_id or job_id',
  noOpenAction: 'The devices have no action that has not started',
  noPendingUpdate: 'The device has no pending firmware update',
  updatePending: 'The device already has a pending firmware update',
  templateNotFound: 'Monitoring template not found',
  unsupportedCategory: (label: string) => `The device does not support ${label} monitoring`,
  nothingToChange: 'Give a template_id or at least one monitoring period',
} as const;

/** RMS `device_id`: one id or a list of them. */
export const deviceIdListSchema = z
  .union([requiredIdSchema('Device'), z.array(requiredIdSchema('Device')).min(1)])
  .transform((value) => (Array.isArray(value) ? value : [value]))
  .pipe(
    z
      .array(z.number())
      .max(DEVICE_JOBS_BULK_MAX, `At most ${DEVICE_JOBS_BULK_MAX} devices at once`),
  );

export const deviceActionBodySchema = z.object({
  action: z.enum(RMS_DEVICE_ACTIONS),
  device_id: deviceIdListSchema,
});
export type DeviceActionBody = z.infer<typeof deviceActionBodySchema>;

const jobIdSchema = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
/** RMS `job_id`: a list of job ids (one id is taken too). */
const jobIdListSchema = z
  .union([jobIdSchema, z.array(jobIdSchema).min(1).max(DEVICE_JOBS_BULK_MAX)])
  .transform((value) => (Array.isArray(value) ? value : [value]));

/**
 * RMS: `job_id` cancels those jobs (of the devices in `device_id` when both are given);
 * `device_id` alone cancels every action of those devices that has not started.
 */
export const cancelDeviceActionBodySchema = z
  .object({
    device_id: deviceIdListSchema.optional(),
    job_id: jobIdListSchema.optional(),
  })
  .refine((body) => body.device_id !== undefined || body.job_id !== undefined, {
    message: DEVICE_JOB_MESSAGES.nothingToCancel,
    path: ['device_id'],
  });
export type CancelDeviceActionBody = z.infer<typeof cancelDeviceActionBodySchema>;

export const deviceCommandBodySchema = commandArgsSchema;

/** An asynchronous answer: progress per device arrives on the channel; 207 adds per-item errors. */
export const asyncAcceptedSchema = z.object({
  success: z.literal(true),
  meta: z.object({ channel: z.string() }),
});
export const asyncPartialSchema = asyncAcceptedSchema.extend({ errors: z.array(errorItemSchema) });

/** One step of a job as RMS lists it: queued, sent, then its final state. */
export const deviceJobEventSchema = z.object({
  /** queued, sent, or the final state (completed, failed, cancelled, timeout). */
  action: z.string(),
  message: z.string(),
  created_at: z.string(),
  reference_id: z.string().nullable(),
});

/**
 * A job in GET /devices/actions/logs: RMS's fields (events … action_tag_description) beside
 * netfleet's. netfleet has no tag actions yet, so action_tag_* and additional_information are null.
 */
export const deviceJobSchema = z.object({
  id: z.number().int(),
  events: z.array(deviceJobEventSchema),
  /** The job type (reboot, firmware_update, command, ...). */
  action_name: z.string(),
  /** The job id as text: what POST /devices/actions/cancel takes as job_id. */
  scheduler_id: z.string(),
  /** The job's state (DEVICE_JOB_STATES). */
  request_target_state: z.enum(DEVICE_JOB_STATES),
  action_initialized_from: z.string().nullable(),
  additional_information: z
    .object({ source_id: z.number().int().nullable(), source_name: z.string().nullable() })
    .nullable(),
  device_serial: z.string().nullable(),
  action_tag_id: z.number().int().nullable(),
  action_tag_name: z.string().nullable(),
  action_tag_description: z.string().nullable(),
  device_id: z.number().int(),
  device_name: z.string(),
  type: z.string(),
  status: z.enum(DEVICE_JOB_STATES),
  args: z.record(z.string(), z.unknown()),
  progress: z.object({ value: z.number(), total: z.number() }).nullable(),
  message: z.string().nullable(),
  result: z.string().nullable(),
  user_id: z.number().int().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  sent_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type DeviceJob = z.infer<typeof deviceJobSchema>;

export const deviceActionLogsQuerySchema = listQuerySchema.extend({
  device_id: idSchema.optional(),
  tag_id: idSchema.optional(),
});
export type DeviceActionLogsQuery = z.infer<typeof deviceActionLogsQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Firmware updates

/** RMS update actions: a firmware update, or a configuration backup restored (upload_backup). */
export const UPDATE_ACTIONS = ['upload_backup', 'update_firmware'] as const;
export type UpdateAction = (typeof UPDATE_ACTIONS)[number];

/**
 * RMS item: `id` is the device. `offline: true` keeps the job for a device that is offline
 * until it reconnects (within a week); false refuses offline devices. `keep_settings` travels
 * to the device with the firmware (false: factory settings after the update).
 */
export const firmwareUpdateItemSchema = z.object({
  id: requiredIdSchema('Device'),
  action: z.enum(UPDATE_ACTIONS).default('update_firmware'),
  file_id: requiredIdSchema('File'),
  offline: z.boolean().default(true),
  keep_settings: z.boolean().default(true),
});
export const firmwareUpdateSetBodySchema = z.object({
  data: z.array(firmwareUpdateItemSchema).min(1).max(DEVICE_JOBS_BULK_MAX),
});
export type FirmwareUpdateSetBody = z.infer<typeof firmwareUpdateSetBodySchema>;

/** RMS item: `id` is the device; `job_id` narrows to those update jobs (all when empty/absent). */
export const firmwareUpdateCancelBodySchema = z.object({
  data: z
    .array(
      z.object({
        id: requiredIdSchema('Device'),
        job_id: z.array(jobIdSchema).max(DEVICE_JOBS_BULK_MAX).optional(),
      }),
    )
    .min(1)
    .max(DEVICE_JOBS_BULK_MAX),
});
export type FirmwareUpdateCancelBody = z.infer<typeof firmwareUpdateCancelBodySchema>;

/** Beyond RMS: `device_id` narrows the list to one device (the device page asks per device). */
/** RMS `job_type` of a pending update: the number of its update action. */
export const UPDATE_JOB_TYPES = { update_firmware: 1, upload_backup: 2 } as const;

/** Beyond RMS: `job_type` keeps one kind of update (1 firmware, 2 backup restore). */
export const pendingUpdatesQuerySchema = listQuerySchema
  .pick({ limit: true, offset: true })
  .extend({
    device_id: idSchema.optional(),
    job_type: z.coerce
      .number()
      .int()
      .refine((value) => Object.values(UPDATE_JOB_TYPES).includes(value as 1 | 2), {
        message: 'job_type is 1 (firmware update) or 2 (backup restore)',
      })
      .optional(),
  });
export type PendingUpdatesQuery = z.infer<typeof pendingUpdatesQuerySchema>;

export const pendingUpdateSchema = z.object({
  id: z.number().int(),
  /** UPDATE_JOB_TYPES: 1 = firmware update, 2 = backup restore. */
  job_type: z.number().int(),
  /** The update's name: the firmware file's name. */
  name: z.string().nullable(),
  serial: z.string(),
  device_id: z.number().int(),
  device_name: z.string(),
  file_id: z.number().int().nullable(),
  file_name: z.string().nullable(),
  status: z.enum(DEVICE_JOB_STATES),
  progress: z.object({ value: z.number(), total: z.number() }).nullable(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type PendingUpdate = z.infer<typeof pendingUpdateSchema>;

/** RMS: the ids of the cancelled update jobs; 207 adds errors whose source is the device id. */
export const bulkDevicesResultSchema = z.object({
  success: z.literal(true),
  data: z.array(z.number().int()),
});
export const bulkDevicesPartialSchema = bulkDevicesResultSchema.extend({
  errors: z.array(errorItemSchema),
});

// ---------------------------------------------------------------------------------------------
// Monitoring periods (PUT /devices/monitoring)

const period = monitoringPeriodOrOffSchema.optional();

/** The *_monitoring fields of a device, one per MONITORING entry (spec §9). */
export const MONITORING_FIELDS = MONITORING.map((entry) => entry.field);

export const deviceMonitoringItemSchema = z.object({
  device_id: requiredIdSchema('Device'),
  /**
   * RMS's switch for the whole device: 0 turns every category off, 1 gives each category the
   * device supports its default period. A template, then explicit fields, override it.
   */
  monitoring_enabled: z.union([z.literal(0), z.literal(1)]).optional(),
  /** Periods of a monitoring template; explicit fields of the item override it. */
  template_id: z.number().int().min(1).max(ID_MAX).optional(),
  dynamic_monitoring: period,
  static_monitoring: period,
  hotspot_monitoring: period,
  gps_monitoring: period,
  io_monitoring: period,
  wireless_monitoring: period,
  ddns_monitoring: period,
  vpn_monitoring: period,
});
export type DeviceMonitoringItem = z.infer<typeof deviceMonitoringItemSchema>;

export const deviceMonitoringBodySchema = z.object({
  data: z.array(deviceMonitoringItemSchema).min(1).max(DEVICE_JOBS_BULK_MAX),
});
export type DeviceMonitoringBody = z.infer<typeof deviceMonitoringBodySchema>;

/** The periods a device has after the update, keyed by its *_monitoring field. */
export const deviceMonitoringResultSchema = z.object({
  device_id: z.number().int(),
  periods: z.record(z.string(), z.number().int()),
});
/** As RMS: `meta.channel` carries one `completed` or `error` update per device. */
export const deviceMonitoringEnvelope = z.object({
  success: z.literal(true),
  data: z.array(deviceMonitoringResultSchema),
  meta: z.object({ channel: z.string() }),
});
export const deviceMonitoringPartialSchema = deviceMonitoringEnvelope.extend({
  errors: z.array(errorItemSchema),
});
