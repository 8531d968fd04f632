import { z } from 'zod';
import { apiDateSchema } from '../api-dates.ts';
import {
  DATA_LIMIT_PERIODS,
  DEVICE_ALERT_DATA_LIMIT_SUBTYPE,
  DEVICE_ALERT_GEOFENCE_TYPE,
  DEVICE_ALERT_NO_ACTION_SUBTYPES,
  DEVICE_ALERT_PHONE_SUBTYPES,
  DEVICE_ALERT_STATUS_TYPE,
} from '../device-alerts.ts';
import { ID_MAX, idListSchema, idSchema, listQuerySchema } from '../list.ts';
import { AUTOMATION_LOG_KINDS } from './automations.ts';
import { DEVICE_JOBS_BULK_MAX } from './device-jobs.ts';

const commaList = listQuerySchema.shape.fields.unwrap();

// RMS alerts (device events, routes 18–21) and alerts configurations (routes 22–27), design
// docs/design/alerts-automations.md §1.

export const DEVICE_ALERT_MESSAGES = {
  notFound: 'Alert not found',
  configNotFound: 'Alert configuration not found',
  deviceNotFound: 'Device not found',
  smsUnavailable: 'SMS alerts are not available: netfleet has no SMS gateway',
  unknownType: 'Unknown alert type',
  unknownSubtype: 'Unknown alert subtype for this alert type',
  required: (field: string) => `${field} is required`,
  smtpNotFound: 'SMTP configuration not found',
  tooManyConfigs: 'The device has the most alert configurations it can keep',
} as const;

const limitOffset = {
  limit: z.coerce.number().int().min(0).max(1000).default(10),
  offset: z.coerce.number().int().min(0).default(0),
  q: z.string().trim().max(200).optional(),
  fields: commaList.optional(),
  fields_only: z.stringbool().optional(),
};
const optionalId = z.coerce.number().int().min(1).max(ID_MAX).optional();

/**
 * Where an alert came from: a device-side alert configuration the device evaluated, or a
 * server-side automation (rule). GET /alerts answers both as one history.
 */
export const DEVICE_ALERT_SOURCES = ['device', 'automation'] as const;
export type DeviceAlertSource = (typeof DEVICE_ALERT_SOURCES)[number];

/**
 * GET /alerts (route 18). `type`: an alert type id or name. netfleet adds `source` and
 * `automation_id` (RMS has only device alerts, so its filters narrow to those by themselves).
 */
export const deviceAlertListQuerySchema = z.object({
  ...limitOffset,
  id: idListSchema.optional(),
  company_id: optionalId,
  alerts_configs_id: optionalId,
  device_id: optionalId,
  type: z.string().trim().max(64).optional(),
  source: z.enum(DEVICE_ALERT_SOURCES).optional(),
  automation_id: optionalId,
});
export type DeviceAlertListQuery = z.infer<typeof deviceAlertListQuerySchema>;

export const deviceAlertFieldsQuerySchema = z.object({
  fields: commaList.optional(),
  fields_only: z.stringbool().optional(),
});

export const DEVICE_ALERT_FIELDS = [
  'id',
  'company_id',
  'device_id',
  'message',
  'alert_type',
  'alert_subtype',
  'alert_type_id',
  'alert_subtype_id',
  'created_at',
  'source',
  'kind',
  'automation_id',
  'automation_name',
  'alerts_configs_id',
  'evaluated_parameters',
  'reason',
] as const;

export const deviceAlertSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  device_id: z.number().int().nullable(),
  message: z.string(),
  alert_type: z.string().nullable(),
  alert_subtype: z.string().nullable(),
  alert_type_id: z.number().int().nullable(),
  alert_subtype_id: z.number().int().nullable(),
  created_at: apiDateSchema,
  // netfleet: the history holds automation events too; these say which and what they read.
  source: z.enum(DEVICE_ALERT_SOURCES),
  /** fired / resolved / renotify of an automation's alert; `event` for one-off events. */
  kind: z.enum(AUTOMATION_LOG_KINDS),
  /** Null for device alerts, and once the automation is deleted. */
  automation_id: z.number().int().nullable(),
  /** Null as well when the automation belongs to a company the caller cannot see. */
  automation_name: z.string().nullable(),
  alerts_configs_id: z.number().int().nullable(),
  /** The values the alert was raised on (`signal: -118`). */
  evaluated_parameters: z.array(
    z.object({ key: z.string(), value: z.union([z.string(), z.number(), z.boolean(), z.null()]) }),
  ),
  /** Why an automation's alert resolved without its condition clearing (rule changed, …). */
  reason: z.string().nullable(),
});
export type DeviceAlert = z.infer<typeof deviceAlertSchema>;

export const DEVICE_ALERT_DETAIL_FIELDS = [
  'id',
  'alerts_configs_id',
  'device_id',
  'message',
  'created_at',
] as const;

/** GET /alerts/{id} (route 19) answers a list of one. */
export const deviceAlertDetailSchema = z.object({
  id: z.number().int(),
  alerts_configs_id: z.number().int().nullable(),
  device_id: z.number().int().nullable(),
  message: z.string(),
  created_at: apiDateSchema,
});
export type DeviceAlertDetail = z.infer<typeof deviceAlertDetailSchema>;

export const alertsTokenBodySchema = z.object({
  token: z.string({ error: 'token is required' }).trim().min(1, 'token is required').max(512),
});
export type AlertsTokenBody = z.infer<typeof alertsTokenBodySchema>;

/** GET /alerts-configurations (route 22). `type`: an alert type id or name. */
export const alertConfigListQuerySchema = z.object({
  ...limitOffset,
  company_id: optionalId,
  user_id: optionalId,
  device_id: optionalId,
  type: z.string().trim().max(64).optional(),
});
export type AlertConfigListQuery = z.infer<typeof alertConfigListQuerySchema>;

export const ALERT_CONFIG_LIST_FIELDS = [
  'id',
  'device_id',
  'receiver',
  'message',
  'enable',
  'type',
  'subtype',
  'user_id',
  'alert_type_id',
  'alert_subtype_id',
  'created_at',
] as const;

export const alertConfigListItemSchema = z.object({
  id: z.number().int(),
  device_id: z.number().int(),
  receiver: z.string().nullable(),
  message: z.string(),
  enable: z.boolean(),
  type: z.string().nullable(),
  subtype: z.string().nullable(),
  user_id: z.number().int().nullable(),
  alert_type_id: z.number().int(),
  alert_subtype_id: z.number().int(),
  created_at: apiDateSchema,
});
export type AlertConfigListItem = z.infer<typeof alertConfigListItemSchema>;

/** GET /alerts-configurations/{id} (route 23); smtp_config_id is a string, as RMS answers it. */
export const alertConfigSchema = z.object({
  id: z.number().int(),
  device_id: z.number().int(),
  company_id: z.number().int(),
  alert_type_id: z.number().int(),
  alert_subtype_id: z.number().int(),
  smtp_config_id: z.string().nullable(),
  email_to: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  email_type: z.boolean(),
  enable: z.boolean(),
  redundancy_enable: z.boolean(),
  redundancy_interval: z.number().int().nullable(),
  type: z.string(),
  user_id: z.number().int().nullable(),
  created_at: apiDateSchema,
  updated_at: apiDateSchema,
});
export type AlertConfig = z.infer<typeof alertConfigSchema>;

/** PUT /alerts-configurations/{id} (route 24, `alert_config_update`). */
export const alertConfigUpdateSchema = z.object({
  subject: z.string().max(255).optional(),
  message: z.string().max(2000).optional(),
  enable: z.boolean().optional(),
  redundancy_enable: z.boolean().optional(),
  redundancy_interval: z.number().int().min(0).max(525_600).optional(),
  smtp_config_id: z.number().int().min(1).max(ID_MAX).nullable().optional(),
});
export type AlertConfigUpdate = z.infer<typeof alertConfigUpdateSchema>;

const intOpt = (max: number) => z.number().int().min(0).max(max).nullable().optional();

/** One `alert_config_add_data` with RMS's conditional requirements (422 at the field's path). */
export const alertConfigAddDataSchema = z
  .object({
    device_id: z.number({ error: 'device_id is required' }).int().min(1).max(ID_MAX),
    alert_type_id: z.number({ error: 'alert_type_id is required' }).int().min(1).max(32_767),
    alert_subtype_id: z.number({ error: 'alert_subtype_id is required' }).int().min(1).max(32_767),
    action: z
      .union([z.literal(1), z.literal(2), z.literal(3)], { error: 'action must be 1, 2 or 3' })
      .nullable()
      .optional(),
    subject: z.string().max(255).nullable().optional(),
    message: z.string().max(2000).nullable().optional(),
    email: z.email().max(255).nullable().optional(),
    smtp_config_id: z.number().int().min(1).max(ID_MAX).nullable().optional(),
    delivery_retry: z.boolean().nullable().optional(),
    retry_interval: intOpt(10_080),
    retry_count: intOpt(100),
    redundancy_interval: intOpt(525_600),
    data_limit: intOpt(ID_MAX),
    sim: z
      .union([z.literal(1), z.literal(2)])
      .nullable()
      .optional(),
    period: z.enum(DATA_LIMIT_PERIODS).nullable().optional(),
    starts: intOpt(31),
    phone: z
      .string()
      .trim()
      .regex(/^\+?[0-9]{3,20}$/, 'Use a phone number such as +37060000000')
      .nullable()
      .optional(),
    longitude: z.number().min(-180).max(180).nullable().optional(),
    latitude: z.number().min(-90).max(90).nullable().optional(),
    radius: z.number().min(1).max(1_000_000).nullable().optional(),
  })
  .superRefine((data, ctx) => {
    const missing = (field: keyof typeof data) => {
      const value = data[field];
      if (value === undefined || value === null || value === '') {
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: DEVICE_ALERT_MESSAGES.required(field),
        });
      }
    };
    const subtype = data.alert_subtype_id;
    if (!DEVICE_ALERT_NO_ACTION_SUBTYPES.includes(subtype)) missing('action');
    if (data.action === 2) {
      ctx.addIssue({
        code: 'custom',
        path: ['action'],
        message: DEVICE_ALERT_MESSAGES.smsUnavailable,
      });
    }
    if (data.action === 1) missing('email');
    if (subtype !== DEVICE_ALERT_DATA_LIMIT_SUBTYPE) missing('message');
    if (data.alert_type_id !== DEVICE_ALERT_STATUS_TYPE) missing('redundancy_interval');
    if (subtype === DEVICE_ALERT_DATA_LIMIT_SUBTYPE) {
      for (const field of ['data_limit', 'sim', 'period', 'starts'] as const) missing(field);
    }
    if (DEVICE_ALERT_PHONE_SUBTYPES.includes(subtype)) missing('phone');
    if (data.alert_type_id === DEVICE_ALERT_GEOFENCE_TYPE) {
      for (const field of ['latitude', 'longitude', 'radius'] as const) missing(field);
    }
  });
export type AlertConfigAddData = z.infer<typeof alertConfigAddDataSchema>;

/** POST /devices/alerts-configurations (route 26, `alert_config_add`). */
export const alertConfigAddBodySchema = z.object({
  data: z.array(alertConfigAddDataSchema).min(1).max(DEVICE_JOBS_BULK_MAX),
});
export type AlertConfigAddBody = z.infer<typeof alertConfigAddBodySchema>;

/** GET /devices/alerts-configurations (route 25): RMS declares `id` in a path that lacks it. */
export const deviceAlertConfigsChannelQuerySchema = z.object({
  device_id: optionalId,
  id: optionalId,
});

export const deviceAlertConfigParamsSchema = z.object({ device_id: idSchema, alert_id: idSchema });

/** Writes that send devices their set answer the status channel of those jobs. */
export const deviceAlertChannelSchema = z.object({
  success: z.literal(true),
  meta: z.object({ channel: z.string().nullable() }),
});

/** Answers that take `fields` (picked fields) and `fields_only` (the field names). */
const fieldsEnvelope = <T extends z.ZodObject>(item: T, list: boolean) =>
  z.object({
    success: z.literal(true),
    data: z.union([z.array(item.partial()), z.array(z.string())]),
    ...(list ? { meta: z.object({ total: z.number().int() }).optional() } : {}),
  });

export const deviceAlertListEnvelopeSchema = fieldsEnvelope(deviceAlertSchema, true);
export const deviceAlertDetailEnvelopeSchema = fieldsEnvelope(deviceAlertDetailSchema, false);
export const alertConfigListEnvelopeSchema = fieldsEnvelope(alertConfigListItemSchema, true);
export const alertConfigEnvelopeSchema = z.object({
  success: z.literal(true),
  data: alertConfigSchema,
});
