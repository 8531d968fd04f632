import { z } from 'zod';
import { DEVICE_SERIES } from '../device-models.ts';
import { imeiSchema, macSchema, serialSchema, TELEMETRY_CATEGORIES } from '../device-protocol.ts';
import { SIM_LABELS } from '../constants.ts';
import { errorItemSchema } from '../errors.ts';
import { idSchema, listQuerySchema } from '../list.ts';
import { nameSchema } from '../validation.ts';
import { requiredIdSchema } from './companies.ts';
import { bodyIdSchema } from './users.ts';

export const DEVICE_NAME_MAX_LENGTH = 255;
export const DEVICE_DESCRIPTION_MAX_LENGTH = 1000;
/** Devices per add, delete, move or tag request. */
export const DEVICE_BULK_MAX = 1000;

export const DEVICE_MESSAGES = {
  notFound: 'Device not found',
  duplicateSerial: 'A device with this serial number already exists in this company',
  macRequired: 'MAC address is required for this device series',
  imeiRequired: 'IMEI is required for this device series',
  tagNotFound: 'Tag not found in the device company',
  fileRequired: 'Choose a CSV file to import',
  csvHeader: 'The CSV file needs a header row with serial and mac or imei columns',
  noRows: 'The CSV file holds no devices',
} as const;

/** RMS device status: 0 offline, 1 online, 2 pending (added, not enrolled), 3 not activated. */
export const DEVICE_STATUSES = { offline: 0, online: 1, pending: 2, notActivated: 3 } as const;

const nullableText = z.string().nullable();
const nullableInt = z.number().int().nullable();
const nullableNumber = z.number().nullable();

export const deviceTagRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string().nullable(),
});

/** The device object of GET /devices and /devices/{id}; never any secret or its hash. */
export const deviceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  serial: z.string(),
  mac: nullableText,
  imei: nullableText,
  model: nullableText,
  firmware: nullableText,
  device_series: z.string(),
  /** First four characters of the model (spec §3). */
  series: nullableText,
  company_id: z.number().int(),
  company_name: z.string(),
  status: z.number().int(),
  created_at: z.string(),
  enrolled_at: nullableText,
  last_connection_at: nullableText,
  information_updated: nullableText,
  signal: nullableInt,
  signal_2: nullableInt,
  operator: nullableText,
  operator_2: nullableText,
  network_state: nullableText,
  network_state_2: nullableText,
  connection_type: nullableText,
  connection_type_2: nullableText,
  modem_model: nullableText,
  modem_model_2: nullableText,
  modem_manufacturer: nullableText,
  modem_manufacturer_2: nullableText,
  modem_firmware: nullableText,
  modem_firmware_2: nullableText,
  wan_state: nullableText,
  wan_ip: nullableText,
  /** Deci-degrees Celsius (RMS). */
  temperature: nullableInt,
  uptime: nullableInt,
  latitude: nullableNumber,
  longitude: nullableNumber,
  user_set_latitude: nullableNumber,
  user_set_longitude: nullableNumber,
  dynamic_monitoring: z.number().int(),
  static_monitoring: z.number().int(),
  hotspot_monitoring: z.number().int(),
  gps_monitoring: z.number().int(),
  io_monitoring: z.number().int(),
  wireless_monitoring: z.number().int(),
  ddns_monitoring: z.number().int(),
  vpn_monitoring: z.number().int(),
  tags: z.array(deviceTagRefSchema),
  has_wifi: z.boolean(),
  has_gps: z.boolean(),
  has_rutos: z.boolean(),
  has_mobile: z.boolean(),
  port_count: z.number().int(),
  has_lan: z.boolean(),
  has_hotspot: z.boolean(),
  sim_count: z.number().int(),
  has_io: z.boolean(),
  has_ddns: z.boolean(),
  has_data_usage: z.boolean(),
  has_l2tp: z.boolean(),
  has_second_modem: z.boolean(),
  has_network_map: z.boolean(),
  has_esim: z.boolean(),
  has_webfilter: z.boolean(),
  has_vpn: z.boolean(),
  has_legacy_alerts: z.boolean(),
  has_legacy_vpn: z.boolean(),
});
export type Device = z.infer<typeof deviceSchema>;

/** `fields=a,b` picks device fields; `fields_only=true` answers the selectable names. */
export const DEVICE_FIELDS = Object.keys(deviceSchema.shape) as (keyof Device)[];
export const DEVICE_SORT_FIELDS = [
  'id',
  'name',
  'serial',
  'mac',
  'imei',
  'model',
  'firmware',
  'status',
  'company_name',
  'created_at',
  'last_connection_at',
  'information_updated',
  'signal',
  'signal_2',
  'operator',
  'connection_type',
  'wan_state',
  'temperature',
  'uptime',
] as const;
export const DEVICE_SEARCH_FIELDS = [
  'name',
  'serial',
  'mac',
  'imei',
  'model',
  'firmware',
  'operator',
] as const;
/** RMS field filters of GET /devices, each also negatable as `ne:field` (or RMS's `ne_field`). */
export const DEVICE_FILTER_FIELDS = [
  'status',
  'model',
  'mac',
  'firmware',
  'signal',
  'signal_2',
  'network_state',
  'network_state_2',
  'connection_type',
  'connection_type_2',
  'operator',
  'operator_2',
  'modem_model',
  'modem_model_2',
  'modem_manufacturer',
  'modem_manufacturer_2',
  'modem_firmware',
  'modem_firmware_2',
  'wan_state',
  'company_id',
  'tag_id',
  'information_updated',
] as const;

/** Field filters are read from the raw query (`ne:` keys), so unknown keys pass through here. */
export const deviceListQuerySchema = listQuerySchema.loose();
export type DeviceListQuery = z.infer<typeof deviceListQuerySchema>;

export const deviceFieldsQuerySchema = listQuerySchema.pick({ fields: true, fields_only: true });

/** Export: every matching row unless a limit is given. */
export const deviceExportQuerySchema = listQuerySchema
  .extend({ limit: z.coerce.number().int().min(1).max(1_000_000).optional() })
  .loose();

export const DEVICE_STATISTIC_CHARTS = [
  'status',
  'model',
  'firmware',
  'connection_type',
  'connection_type_2',
  'operator',
  'operator_2',
  'network_state',
  'network_state_2',
  'wan_state',
  'modem_manufacturer',
  'modem_model',
  'signal',
] as const;
export const deviceStatisticsSchema = z.record(
  z.string(),
  z.array(z.object({ value: z.union([z.string(), z.number()]).nullable(), count: z.number() })),
);

const deviceNameSchema = nameSchema({ max: DEVICE_NAME_MAX_LENGTH });
const descriptionSchema = z.string().trim().max(DEVICE_DESCRIPTION_MAX_LENGTH);

/** One device to add; identity (MAC or IMEI) is required per series (see identityOf). */
export const newDeviceSchema = z.object({
  company_id: requiredIdSchema('Company'),
  serial: serialSchema,
  mac: macSchema.optional(),
  imei: imeiSchema.optional(),
  name: deviceNameSchema.optional(),
  description: descriptionSchema.optional(),
  device_series: z.enum(DEVICE_SERIES).default('rut'),
});
export type NewDevice = z.infer<typeof newDeviceSchema>;

/**
 * POST /devices: `{data: [...]}` (RMS) or one device object. Items are checked one by one by the
 * server, so one bad item does not refuse the others.
 */
export const createDevicesBodySchema = z.union([
  z.object({ data: z.array(z.record(z.string(), z.unknown())).min(1).max(DEVICE_BULK_MAX) }),
  z.record(z.string(), z.unknown()),
]);

/** The only answer that ever shows a device's claim secret. */
export const createdDeviceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  serial: z.string(),
  mac: nullableText,
  imei: nullableText,
  company_id: z.number().int(),
  claim_secret: z.string(),
});
export type CreatedDevice = z.infer<typeof createdDeviceSchema>;

export const bulkEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({
    success: z.literal(true),
    data: z.array(item),
    errors: z.array(errorItemSchema).optional(),
    meta: z.looseObject({ total: z.number().int().optional(), channel: z.string().optional() }),
  });

export const claimSecretResultSchema = z.object({ id: z.number().int(), claim_secret: z.string() });

export const updateDeviceBodySchema = z.object({
  name: deviceNameSchema.optional(),
  description: descriptionSchema.optional(),
  user_set_latitude: z.number().min(-90).max(90).nullable().optional(),
  user_set_longitude: z.number().min(-180).max(180).nullable().optional(),
  /** Replaces the device's tags. */
  tag_id: z.array(bodyIdSchema).max(DEVICE_BULK_MAX).optional(),
});
export type UpdateDeviceBody = z.infer<typeof updateDeviceBodySchema>;

const deviceIdsSchema = z
  .array(bodyIdSchema)
  .min(1, 'Choose at least one device')
  .max(DEVICE_BULK_MAX);
export const deleteDevicesBodySchema = z.object({ device_id: deviceIdsSchema });
export const moveDevicesBodySchema = z.object({
  device_id: deviceIdsSchema,
  company_id: requiredIdSchema('Company'),
});

export const deviceTagBodySchema = z.object({
  data: z
    .array(z.object({ device_id: bodyIdSchema, tag_id: bodyIdSchema }))
    .min(1)
    .max(DEVICE_BULK_MAX),
});
export const deviceTagOverwriteBodySchema = z.object({
  data: z
    .array(
      z.object({
        device_id: bodyIdSchema,
        tag_id: z.union([bodyIdSchema.transform((id) => [id]), z.array(bodyIdSchema).max(100)]),
      }),
    )
    .min(1)
    .max(DEVICE_BULK_MAX),
});

/** Per-row result of POST /devices/import (row = line number in the file, header is 1). */
export const importRowResultSchema = z.object({
  row: z.number().int(),
  ok: z.boolean(),
  serial: z.string(),
  id: z.number().int().optional(),
  claim_secret: z.string().optional(),
  error: errorItemSchema.optional(),
});

export const deviceLogSchema = z.object({
  id: z.number().int(),
  device_id: z.number().int(),
  code: z.number().int(),
  reason: z.string().nullable(),
  message: z.string(),
  created_at: z.string(),
});
export const deviceLogsQuerySchema = listQuerySchema.pick({
  limit: true,
  offset: true,
  fields_only: true,
});

const dateSchema = z.coerce.date<string>({ error: 'Invalid date' });
export const dateRangeQuerySchema = z.object({
  start_date: dateSchema.optional(),
  end_date: dateSchema.optional(),
});
export const INFORMATION_TYPES = ['dynamic', 'io', 'gps'] as const;
export const informationParamsSchema = z.object({
  id: idSchema,
  type: z.enum(INFORMATION_TYPES),
});
/** Most points a time series returns; longer ranges are evenly thinned out on the server. */
export const INFORMATION_MAX_POINTS = 1000;
export const readingSchema = z.object({
  datetime: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export const informationHistoryQuerySchema = z.object({ datetime: dateSchema.optional() });
export const informationHistorySchema = z.partialRecord(
  z.enum(TELEMETRY_CATEGORIES),
  readingSchema,
);
export const informationParameterQuerySchema = z.object({
  datetime: dateSchema.optional(),
  parameter: z.string().trim().min(1).max(64),
});
export const informationParameterSchema = z.object({
  parameter: z.string(),
  category: z.string().nullable(),
  datetime: z.string().nullable(),
  value: z.unknown(),
});
export const datetimesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});

/** Spec §9 SIM labels by stored slot: 1, 2, and 3 for the eSIM. */
export const simLabel = (sim: number): string => SIM_LABELS[sim - 1] ?? `SIM ${sim}`;
export const dataUsageSchema = z.object({
  date: z.string(),
  modem: z.number().int(),
  sim: z.number().int(),
  sim_label: z.string(),
  rx: z.number(),
  tx: z.number(),
});
export const locationSchema = z.object({
  datetime: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  altitude: z.number().nullable(),
  speed: z.number().nullable(),
  satellites: z.number().nullable(),
});

/**
 * The longest range GET /statistics/devices/online answers: every five-minute sample is sent,
 * about 26 000 in 90 days.
 */
export const ONLINE_STATISTICS_MAX_DAYS = 90;
export const onlineStatisticsQuerySchema = dateRangeQuerySchema.extend({
  company_id: idSchema.optional(),
  include_child_companies: z.stringbool().default(true),
});
export const onlineSampleSchema = z.object({
  datetime: z.string(),
  online: z.number().int(),
  total: z.number().int(),
});
