import { z } from 'zod';
import { MONITORING } from '../constants.ts';
import { commandArgsSchema } from '../device-protocol.ts';
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
export const DEVICE_ACTIONS = ['reboot', 'update_metrics_data'] as const;
export type DeviceAction = (typeof DEVICE_ACTIONS)[number];

/** Most devices one bulk request may name. */
export const DEVICE_JOBS_BULK_MAX = 1000;

export const DEVICE_JOB_MESSAGES = {
  deviceNotFound: 'Device not found',
  jobNotFound: 'Job not found',
  fileNotFound: 'File not found',
  notFirmware: 'The file is not a firmware file',
  notCancellable: 'Only a queued or sent job can be cancelled',
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
  action: z.enum(DEVICE_ACTIONS),
  device_id: deviceIdListSchema,
});
export type DeviceActionBody = z.infer<typeof deviceActionBodySchema>;

export const cancelDeviceActionBodySchema = z.object({
  device_id: requiredIdSchema('Device'),
  job_id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
export type CancelDeviceActionBody = z.infer<typeof cancelDeviceActionBodySchema>;

export const deviceCommandBodySchema = commandArgsSchema;

/** An asynchronous answer: progress per device arrives on the channel; 207 adds per-item errors. */
export const asyncAcceptedSchema = z.object({
  success: z.literal(true),
  meta: z.object({ channel: z.string() }),
});
export const asyncPartialSchema = asyncAcceptedSchema.extend({ errors: z.array(errorItemSchema) });

export const deviceJobSchema = z.object({
  id: z.number().int(),
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

export const firmwareUpdateSetBodySchema = z.object({
  data: z
    .array(z.object({ device_id: requiredIdSchema('Device'), file_id: requiredIdSchema('File') }))
    .min(1)
    .max(DEVICE_JOBS_BULK_MAX),
});
export type FirmwareUpdateSetBody = z.infer<typeof firmwareUpdateSetBodySchema>;

export const firmwareUpdateCancelBodySchema = z.object({
  data: z
    .array(z.object({ device_id: requiredIdSchema('Device') }))
    .min(1)
    .max(DEVICE_JOBS_BULK_MAX),
});
export type FirmwareUpdateCancelBody = z.infer<typeof firmwareUpdateCancelBodySchema>;

/** Beyond RMS: `device_id` narrows the list to one device (the device page asks per device). */
export const pendingUpdatesQuerySchema = listQuerySchema
  .pick({ limit: true, offset: true })
  .extend({ device_id: idSchema.optional() });
export type PendingUpdatesQuery = z.infer<typeof pendingUpdatesQuerySchema>;

export const pendingUpdateSchema = z.object({
  id: z.number().int(),
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

/** Bulk results: which devices were done; 207 adds errors whose source is the device id. */
export const bulkDevicesResultSchema = z.object({
  success: z.literal(true),
  data: z.object({ device_id: z.array(z.number().int()) }),
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
export const deviceMonitoringEnvelope = z.object({
  success: z.literal(true),
  data: z.array(deviceMonitoringResultSchema),
});
export const deviceMonitoringPartialSchema = deviceMonitoringEnvelope.extend({
  errors: z.array(errorItemSchema),
});
