import { apiDateSchema } from '../api-dates.ts';
import { z } from 'zod';
import { DEVICE_SERIES } from '../device-models.ts';
import { imeiSchema, macSchema, serialSchema, TELEMETRY_CATEGORIES } from '../device-protocol.ts';
import { SIM_LABELS } from '../constants.ts';
import { errorItemSchema } from '../errors.ts';
import { idSchema, listQuerySchema } from '../list.ts';
import { monitoringPeriodOrOffSchema, nameSchema } from '../validation.ts';
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

/** RMS flags written as integers: 1 yes, 0 no. */
// zod writes number literals as `number`; these are integers.
const flag = z.literal([0, 1]).meta({ type: 'integer' });
const nullableFlag = flag.nullable();

/** A tag action (RMS): netfleet tags carry no actions yet, so the list is always empty. */
export const deviceTagActionSchema = z.object({
  tag_id: z.number().int(),
  action: z.string(),
  source_id: nullableInt,
  source_name: nullableText,
  created_at: z.string(),
});

/** A device's tag: the whole tag object, as RMS answers it. */
export const deviceTagRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Who created the tag: netfleet does not record it (null). */
  user_id: nullableInt,
  company_id: z.number().int(),
  color: z.string().nullable(),
  actions: z.array(deviceTagActionSchema),
  created_at: apiDateSchema,
  updated_at: apiDateSchema,
});
export type DeviceTagRef = z.infer<typeof deviceTagRefSchema>;

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
  created_at: apiDateSchema,
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
  // RMS device fields beyond the fleet table's: from the device row and its latest readings
  // (the `info` of each category); null where netfleet does not know the value (yet).
  original_model: nullableText,
  wlan_mac: nullableText,
  /** 1: the device talks to netfleet over MQTT (every netfleet device does). */
  mqtt: nullableInt,
  vpn_monitoring_instances_state: nullableInt,
  activation_status: nullableText,
  is_facelift: nullableFlag,
  updated_at: apiDateSchema,
  /** 1 once the device enrolled with its claim secret and holds its own credential. */
  is_authenticated: nullableInt,
  failed_auth_reason: nullableInt,
  credit_enabled: nullableFlag,
  credit_activated: nullableFlag,
  credit_expire_date: nullableText,
  /** 1 while any monitoring category has a period. */
  monitoring_enabled: flag,
  auto_extend_credit: nullableFlag,
  remaining_data: nullableInt,
  temperature_2: nullableInt,
  bootloader_version: nullableText,
  cell_id: nullableText,
  cell_id_2: nullableText,
  connection_state: nullableText,
  connection_state_2: nullableText,
  connection_uptime: nullableInt,
  connection_uptime_2: nullableInt,
  iccid: nullableText,
  iccid_2: nullableText,
  lac: nullableText,
  lac_2: nullableText,
  mcc: nullableText,
  mcc_2: nullableText,
  mnc: nullableText,
  mnc_2: nullableText,
  /** The modem's active SIM: 1, 2, or 3 for the eSIM. */
  sim_slot: nullableInt,
  sim_slot_2: nullableInt,
  sim_state: nullableText,
  sim_state_2: nullableText,
  pin_state: nullableText,
  pin_state_2: nullableText,
  operator_number: nullableText,
  operator_number_2: nullableText,
  /** Seconds since boot (the same as `uptime`). */
  router_uptime: nullableInt,
  mobile_ip: nullableText,
  mobile_ip_2: nullableText,
  sent: nullableInt,
  sent_2: nullableInt,
  received: nullableInt,
  received_2: nullableInt,
  rscp: nullableText,
  rscp_2: nullableText,
  ecio: nullableText,
  ecio_2: nullableText,
  rsrp: nullableNumber,
  rsrp_2: nullableNumber,
  sinr: nullableNumber,
  sinr_2: nullableNumber,
  rsrq: nullableNumber,
  rsrq_2: nullableNumber,
  imei_2: nullableText,
  batch_number: nullableText,
  product_code: nullableText,
  hardware_revision: nullableText,
  imsi: nullableText,
  imsi_2: nullableText,
  // I/O: the latest io reading's inputs, relays and analog values, by their names.
  digital_input: nullableInt,
  digital_isolated_input: nullableInt,
  analog_input: nullableText,
  open_collector_output: nullableInt,
  relay_output: nullableText,
  oc_output_cfg: nullableText,
  relay_output_cfg: nullableText,
  relay_output_2: nullableInt,
  digital_inout0: nullableInt,
  digital_inout1: nullableInt,
  digital_inout2: nullableInt,
  dry_wet_input0: nullableInt,
  dry_wet_input1: nullableInt,
  digital_non_isolated_input_4pin: nullableInt,
  digital_open_collector_output_4pin: nullableInt,
  analog_current_loop: nullableText,
  // GPS: the latest gps reading.
  fix_status: nullableInt,
  satellites: nullableInt,
  altitude: nullableNumber,
  speed: nullableNumber,
  course: nullableNumber,
  gps_time: nullableInt,
  accuracy: nullableInt,
  cell_tower_latitude: nullableNumber,
  cell_tower_latitude_2: nullableNumber,
  cell_tower_longitude: nullableNumber,
  cell_tower_longitude_2: nullableNumber,
  cell_tower_accuracy: nullableNumber,
  cell_tower_accuracy_2: nullableNumber,
  /** When the latest reading arrived (the same as `information_updated`). */
  last_update_at: nullableText,
  management_credit_type: nullableText,
  management_credit_type_name: nullableText,
  management_credit_type_id: nullableInt,
  data_credit_type: nullableText,
  data_credit_type_name: nullableText,
  data_credit_type_id: nullableInt,
  /** DDNS entries of the latest ddns reading. */
  ddns_rules_count: nullableInt,
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
  'monitoring_status',
  'task',
  'credit_type',
  'management_credit_type',
  'management_credit_type_id',
  'data_credit_type',
  'data_credit_type_id',
] as const;
export type DeviceFilterField = (typeof DEVICE_FILTER_FIELDS)[number];

/**
 * RMS status filter values; netfleet also takes `pending` (added, not enrolled) and the numeric
 * codes of DEVICE_STATUSES. `not_activated` is every device neither online nor offline.
 */
export const DEVICE_STATUS_FILTERS = ['online', 'offline', 'not_activated'] as const;
export const DEVICE_SIGNAL_FILTERS = ['excellent', 'average', 'low', 'no_signal'] as const;
export const DEVICE_NETWORK_STATE_FILTERS = ['home', 'roaming', 'unknown'] as const;
export const DEVICE_CONNECTION_TYPE_FILTERS = ['5g', '4g', '3g', '2g', 'unknown'] as const;
export const DEVICE_WAN_STATE_FILTERS = ['unknown', 'mobile', 'wifi', 'wired'] as const;
export const DEVICE_INFORMATION_UPDATED_FILTERS = [
  'never_been_updated',
  'less_than_5_minutes_ago',
  'more_than_5_minutes_ago',
  'more_than_1_hour_ago',
  'more_than_1_week_ago',
] as const;
export const DEVICE_MONITORING_STATUS_FILTERS = ['not_monitored', 'monitored'] as const;
export const DEVICE_TASK_FILTERS = [
  'no_pending_task',
  'pending_firmware',
  'pending_configuration',
] as const;
export const MANAGEMENT_CREDIT_TYPES = [
  'credit',
  'management_5y',
  'management_10y',
  'management_3y',
  'management_1y',
  'management_6m',
  'data_150GB_10y',
] as const;
export const DATA_CREDIT_TYPES = ['data_150GB_10y'] as const;
/** The CSV export's credit filter (RMS). */
export const CREDIT_TYPE_FILTERS = ['free', 'paid'] as const;

const escapeRegex = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A comma list of values each matching one of `patterns` (regex sources). */
const commaListOf = (patterns: readonly string[], message: string) => {
  const one = `(?:${patterns.join('|')})`;
  return z
    .string()
    .trim()
    .max(1000)
    .regex(new RegExp(`^${one}(?:,${one})*$`), message);
};
const words = (values: readonly string[]) => values.map(escapeRegex);
const INTEGER = '-?\\d{1,10}';
/** `a..b` with either bound optional. */
const INTEGER_RANGE = `(?:${INTEGER})?\\.\\.(?:${INTEGER})?`;
const text = z.string().trim().max(255);
const ids = commaListOf(['[1-9]\\d{0,9}'], 'Ids must be positive integers');
const statusFilter = commaListOf(
  [...words(DEVICE_STATUS_FILTERS), 'pending', '[0-3]'],
  `Status must be ${DEVICE_STATUS_FILTERS.join(', ')} or pending (or 0 to 3)`,
);
const signalFilter = commaListOf(
  [...words(DEVICE_SIGNAL_FILTERS), INTEGER_RANGE, INTEGER],
  `Signal must be ${DEVICE_SIGNAL_FILTERS.join(', ')}, dBm or min..max dBm`,
);
/** RMS's classes, or the values devices report (as the statistics list them). */
const classOrValue = (classes: readonly string[]) =>
  text.describe(`${classes.join(', ')}, or a reported value; comma-separated`);
const enumFilter = (values: readonly string[], name: string) =>
  commaListOf(words(values), `${name} must be ${values.join(', ')}`);
const informationUpdatedFilter = text.describe(
  `${DEVICE_INFORMATION_UPDATED_FILTERS.join(', ')}, or a date range from..to`,
);

/** Each filter and its `ne:` negation, with one schema. */
const withNegation = <const K extends string, S extends z.ZodType>(keys: readonly K[], schema: S) =>
  Object.fromEntries(
    keys.flatMap((key) => [
      [key, schema.optional()],
      [`ne:${key}`, schema.optional()],
    ]),
  ) as Record<K | `ne:${K}`, z.ZodOptional<S>>;

/** The RMS field filters as query parameters (GET /devices, its CSV export and statistics). */
export const deviceFilterQueryShape = {
  ...withNegation(['status'], statusFilter),
  ...withNegation(['signal', 'signal_2'], signalFilter),
  ...withNegation(
    [
      'model',
      'mac',
      'firmware',
      'operator',
      'operator_2',
      'modem_model',
      'modem_model_2',
      'modem_manufacturer',
      'modem_manufacturer_2',
      'modem_firmware',
      'modem_firmware_2',
    ],
    text,
  ),
  /** RMS spells this negation with an underscore. */
  ne_modem_manufacturer: text.optional(),
  ne_modem_manufacturer_2: text.optional(),
  ...withNegation(['network_state', 'network_state_2'], classOrValue(DEVICE_NETWORK_STATE_FILTERS)),
  ...withNegation(
    ['connection_type', 'connection_type_2'],
    classOrValue(DEVICE_CONNECTION_TYPE_FILTERS),
  ),
  ...withNegation(['wan_state'], classOrValue(DEVICE_WAN_STATE_FILTERS)),
  ...withNegation(['information_updated'], informationUpdatedFilter),
  ...withNegation(['company_id', 'tag_id'], ids),
  ...withNegation(
    ['monitoring_status'],
    enumFilter(DEVICE_MONITORING_STATUS_FILTERS, 'Monitoring status'),
  ),
  ...withNegation(['task'], enumFilter(DEVICE_TASK_FILTERS, 'Task')),
  ...withNegation(['management_credit_type'], enumFilter(MANAGEMENT_CREDIT_TYPES, 'Credit type')),
  ...withNegation(['credit_type'], enumFilter(CREDIT_TYPE_FILTERS, 'Credit type')),
  ...withNegation(['data_credit_type'], enumFilter(DATA_CREDIT_TYPES, 'Data credit type')),
  ...withNegation(['management_credit_type_id', 'data_credit_type_id'], ids),
};

/** RMS types `sort` as any text: the server answers 400 naming the sortable fields otherwise. */
const deviceSortSchema = z
  .string()
  .trim()
  .max(500)
  .optional()
  .describe(`Comma-separated fields, - for descending: ${DEVICE_SORT_FIELDS.join(', ')}`);

/**
 * GET /devices: list parameters and every RMS field filter, declared; the filters are read from
 * the validated query by name (`ne:` negates), so other keys pass through unused.
 */
export const deviceListQuerySchema = listQuerySchema
  .extend({ sort: deviceSortSchema, ...deviceFilterQueryShape })
  .loose();
export type DeviceListQuery = z.infer<typeof deviceListQuerySchema>;

export const deviceFieldsQuerySchema = listQuerySchema.pick({ fields: true, fields_only: true });

/** Export: every matching row unless a limit is given. */
export const deviceExportQuerySchema = listQuerySchema
  .extend({
    limit: z.coerce.number().int().min(1).max(1_000_000).optional(),
    sort: deviceSortSchema,
    ...deviceFilterQueryShape,
  })
  .loose();

/** RMS's charts of GET /devices/statistics, in RMS's order. */
export const DEVICE_STATISTIC_CHARTS = [
  'model',
  'status',
  'firmware',
  'network_state',
  'network_state_2',
  'signal',
  'signal_2',
  'connection_type',
  'connection_type_2',
  'wan_state',
  'operator',
  'operator_2',
  'information_updated',
  'modem_manufacturer',
  'modem_manufacturer_2',
  'modem_firmware',
  'modem_firmware_2',
  'modem_model',
  'modem_model_2',
  'task',
] as const;
export type DeviceStatisticChart = (typeof DEVICE_STATISTIC_CHARTS)[number];
/**
 * The key of devices whose value is not known (no reading yet). Status, signal,
 * information_updated and task count RMS's filter classes (DEVICE_STATUS_FILTERS, ...), the other
 * charts the values the devices reported.
 */
export const STATISTICS_UNKNOWN = 'unknown';

export const deviceStatisticsQuerySchema = listQuerySchema
  .pick({ q: true, 'search-fields': true, id: true })
  .extend({
    /** Which charts (comma-separated); all of them when absent. */
    charts: commaListOf(words(DEVICE_STATISTIC_CHARTS), 'Unknown chart')
      .transform((v) => v.split(',') as DeviceStatisticChart[])
      .optional(),
    ...deviceFilterQueryShape,
    // RMS types the statistics' task filter as any text; unknown values are a 400 all the same.
    task: text.optional().describe(DEVICE_TASK_FILTERS.join(', ')),
  })
  .loose();

/** RMS: per chart, device counts by value (`{status: {online: 5, offline: 2}}`), most common first. */
export const deviceStatisticsSchema = z.object(
  Object.fromEntries(
    DEVICE_STATISTIC_CHARTS.map((chart) => [
      chart,
      z.record(z.string(), z.number().int()).optional(),
    ]),
  ) as Record<DeviceStatisticChart, z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodNumber>>>,
);
export type DeviceStatistics = z.infer<typeof deviceStatisticsSchema>;

const deviceNameSchema = nameSchema({ max: DEVICE_NAME_MAX_LENGTH });
const descriptionSchema = z.string().trim().max(DEVICE_DESCRIPTION_MAX_LENGTH);

/**
 * An identity field the device's series does not use: RMS's definition requires both `mac` and
 * `imei`, so RMS clients send an empty string for the one that does not apply.
 */
const unlessBlank = <T extends z.ZodType>(schema: T) =>
  z.union([z.literal('').transform(() => undefined), schema]).optional();

/** One device to add; identity (MAC or IMEI) is required per series (see identityOf). */
export const newDeviceSchema = z.object({
  company_id: requiredIdSchema('Company'),
  serial: serialSchema,
  mac: unlessBlank(macSchema),
  imei: unlessBlank(imeiSchema),
  name: deviceNameSchema.optional(),
  description: descriptionSchema.optional(),
  device_series: z.enum(DEVICE_SERIES).default('rut'),
  /** Tags (of the device's company) the new device gets. */
  tag_id: z.array(bodyIdSchema).max(100).optional(),
  /**
   * RMS fields netfleet accepts and does not act on yet: files to apply after the first
   * connection, credits, and the password RMS asks for (netfleet enrols with a claim secret).
   */
  firmware_file_id: bodyIdSchema.optional(),
  config_file_id: bodyIdSchema.optional(),
  auto_credit_enable: z.boolean().optional(),
  password_confirmation: z.string().max(255).optional(),
});
export type NewDevice = z.infer<typeof newDeviceSchema>;

/**
 * One item of POST /devices as declared: RMS's fields with their JSON types. The values are
 * checked item by item (newDeviceSchema), so one bad item does not refuse the others.
 */
const newDeviceItemSchema = z.looseObject({
  company_id: z.number().int().optional(),
  device_series: z.string().optional().describe(DEVICE_SERIES.join(', ')),
  serial: z.string().optional(),
  mac: z.string().optional(),
  imei: z.string().optional(),
  name: z.string().optional(),
  description: z.string().optional(),
  firmware_file_id: z.number().int().optional(),
  config_file_id: z.number().int().optional(),
  auto_credit_enable: z.boolean().optional(),
  password_confirmation: z.string().optional(),
  tag_id: z.array(z.number().int()).optional(),
});

/** POST /devices: `{data: [...]}` (RMS) or one device object (netfleet's console). */
export const createDevicesBodySchema = z.union([
  z.object({ data: z.array(newDeviceItemSchema).min(1).max(DEVICE_BULK_MAX) }),
  newDeviceItemSchema,
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

/** The *_monitoring fields PUT /devices/{id} takes (RMS names). */
export const DEVICE_MONITORING_BODY_FIELDS = [
  'dynamic_monitoring',
  'static_monitoring',
  'hotspot_monitoring',
  'io_monitoring',
  'gps_monitoring',
  'wireless_monitoring',
  'ddns_monitoring',
  'vpn_monitoring',
] as const;

export const updateDeviceBodySchema = z.object({
  name: deviceNameSchema.optional(),
  description: descriptionSchema.optional(),
  user_set_latitude: z.number().min(-90).max(90).nullable().optional(),
  user_set_longitude: z.number().min(-180).max(180).nullable().optional(),
  /** Replaces the device's tags. */
  tag_id: z.array(bodyIdSchema).max(DEVICE_BULK_MAX).optional(),
  ...(Object.fromEntries(
    DEVICE_MONITORING_BODY_FIELDS.map((field) => [field, monitoringPeriodOrOffSchema.optional()]),
  ) as Record<
    (typeof DEVICE_MONITORING_BODY_FIELDS)[number],
    z.ZodOptional<typeof monitoringPeriodOrOffSchema>
  >),
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

/** RMS sends `tag_id` as a list; one id alone is taken too. */
const tagIdsSchema = z.union([
  bodyIdSchema.transform((id) => [id]),
  z.array(bodyIdSchema).max(100),
]);
export const deviceTagBodySchema = z.object({
  data: z
    .array(z.object({ device_id: bodyIdSchema, tag_id: tagIdsSchema }))
    .min(1)
    .max(DEVICE_BULK_MAX),
});
export const deviceTagOverwriteBodySchema = z.object({
  data: z
    .array(
      z.object({
        device_id: bodyIdSchema,
        tag_id: tagIdsSchema,
      }),
    )
    .min(1)
    .max(DEVICE_BULK_MAX),
});

/**
 * POST /devices/import, multipart/form-data: the CSV `file` and RMS's fields. netfleet reads CSV
 * only (not xls); credits, password-less adding and files to apply are accepted, not acted on.
 * Declared for the API description: multipart fields arrive as text and are checked by the route.
 */
export const importDevicesBodySchema = z
  .object({
    type: z.enum(['csv']).optional(),
    device_series: z.enum(DEVICE_SERIES).optional(),
    company_id: z.number().int(),
    auto_credit_enable: z.boolean().optional(),
    add_without_password: z.boolean().optional(),
    firmware_file_id: z.number().int().optional(),
    config_file_id: z.number().int().optional(),
    file: z.string().meta({ format: 'binary' }),
    tag_id: z.array(z.number().int()).optional(),
  })
  // The multipart parts are read by the route itself: Fastify's body is null here.
  .nullish();

/** Per-row result of POST /devices/import (row = line number in the file, header is 1). */
export const importRowResultSchema = z.object({
  row: z.number().int(),
  ok: z.boolean(),
  serial: z.string(),
  id: z.number().int().optional(),
  claim_secret: z.string().optional(),
  error: errorItemSchema.optional(),
});

/**
 * A device connection log row in RMS's shape (company_id … ip), plus netfleet's spec §8 code,
 * reason and message. netfleet logs the device's own connection attempts: no user or browser is
 * involved, so user_id and user_agent are null; `status` is whether the device got in.
 */
export const deviceLogSchema = z.object({
  id: z.number().int(),
  device_id: z.number().int(),
  company_id: z.number().int(),
  user_id: z.number().int().nullable(),
  serial: z.string(),
  /** Always `connection` (the spec §8 device connection log). */
  type: z.string(),
  status: z.boolean(),
  /** The same text as `message`. */
  log: z.string(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  code: z.number().int(),
  reason: z.string().nullable(),
  message: z.string(),
  created_at: apiDateSchema,
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
const intOrNull = z.number().int().nullable();
const textOrNull = z.string().nullable();
/**
 * GET /devices/{id}/information/{type}: RMS's flat fields of a reading (from the first and second
 * modem of a `dynamic` reading; null when the reading or the device does not carry them, e.g.
 * for io and gps readings) beside netfleet's `datetime` and whole `data`.
 */
export const informationReadingSchema = readingSchema.extend({
  signal: intOrNull,
  signal_2: intOrNull,
  /** Deci-degrees Celsius, as RMS reports it. */
  temperature: intOrNull,
  temperature_2: intOrNull,
  /** Bytes since the previous reading on SIM 1 / SIM 2 (any modem). */
  sim1_sent: intOrNull,
  sim1_received: intOrNull,
  sim2_sent: intOrNull,
  sim2_received: intOrNull,
  network_state: textOrNull,
  network_state_2: textOrNull,
  /** 1, 2, or 3 for the eSIM. */
  sim_slot: intOrNull,
  sim_slot_2: intOrNull,
  operator: textOrNull,
  operator_2: textOrNull,
  connection_type: textOrNull,
  connection_type_2: textOrNull,
  wan_ip: textOrNull,
  mobile_ip: textOrNull,
  mobile_ip_2: textOrNull,
  /** The same time as `datetime`. */
  created_at: z.string(),
});
export type InformationReading = z.infer<typeof informationReadingSchema>;
export const informationHistoryQuerySchema = z.object({ datetime: dateSchema.optional() });
/** The latest reading of every category at a time: netfleet's `readings` of a history row. */
export const categoryReadingsSchema = z.partialRecord(z.enum(TELEMETRY_CATEGORIES), readingSchema);
export type CategoryReadings = z.infer<typeof categoryReadingsSchema>;
/**
 * GET /devices/{id}/information-history: RMS's flat row of the device as it was at `datetime`
 * (one row; none when the device had reported nothing by then), from the latest dynamic and
 * static readings at or before it: the first modem's values, `temperature` in deci-degrees
 * Celsius. What netfleet does not record (firmware history, SIM and PIN state, cell, counters
 * per day/week/month, ...) is null. `readings` is netfleet's: every category's latest reading.
 */
export const informationHistorySchema = z.object({
  device_id: z.number().int(),
  /** Firmware is not kept per reading: null. */
  firmware: textOrNull,
  sim_state: textOrNull,
  pin_state: textOrNull,
  /** 1, 2, or 3 for the eSIM. */
  sim_slot: intOrNull,
  network_state: textOrNull,
  mobile_ip: textOrNull,
  signal: intOrNull,
  operator: textOrNull,
  operator_number: intOrNull,
  connection_state: textOrNull,
  connection_type: textOrNull,
  temperature: intOrNull,
  /** Seconds since boot. */
  router_uptime: intOrNull,
  connection_uptime: intOrNull,
  wan_state: textOrNull,
  wan_ip: textOrNull,
  cell_id: textOrNull,
  mcc: textOrNull,
  mnc: textOrNull,
  lac: textOrNull,
  /** The ICCID of the SIM in `sim_slot`, from the static reading. */
  iccid: textOrNull,
  rx_day: textOrNull,
  rx_week: textOrNull,
  rx_month: textOrNull,
  tx_day: textOrNull,
  tx_week: textOrNull,
  tx_month: textOrNull,
  readings: categoryReadingsSchema,
});
export type InformationHistoryRow = z.infer<typeof informationHistorySchema>;
export const informationParameterQuerySchema = z.object({
  datetime: dateSchema.optional(),
  /** One of RMS's parameters (the history row's fields), or a reading's key or `category.key`. */
  parameter: z.string().trim().min(1).max(64),
});
/**
 * GET /devices/{id}/information-history/parameter: RMS's rows `{created_at, <parameter>: text}`
 * (one row: the value at `datetime`; none when nothing was reported by then), with netfleet's
 * `parameter`, `category` and untyped `value` beside them.
 */
export const informationParameterSchema = z.looseObject({
  /** When the reading holding the value arrived. */
  created_at: apiDateSchema,
  parameter: z.string(),
  category: z.string().nullable(),
  value: z.unknown(),
});
export type InformationParameterRow = z.infer<typeof informationParameterSchema>;
export const datetimesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});
/**
 * GET /devices/{id}/information-history/datetimes: RMS groups the times the device reported at
 * by day (UTC), newest first.
 */
export const informationDatetimesSchema = z.object({
  date: z.string(),
  times: z.array(z.string()),
});
export type InformationDatetimes = z.infer<typeof informationDatetimesSchema>;

/** Spec §9 SIM labels by stored slot: 1, 2, and 3 for the eSIM. */
export const simLabel = (sim: number): string => SIM_LABELS[sim - 1] ?? `SIM ${sim}`;
/** RMS: bytes received (rx) and sent (tx) per day, modem and SIM; sim_label is netfleet's. */
export const dataUsageSchema = z.object({
  date: z.string(),
  modems: z.array(
    z.object({
      /** The modem number as text (1, 2). */
      modem_id: z.string(),
      sims: z.array(
        z.object({
          /** 1, 2, or 3 for the eSIM. */
          sim_id: z.number().int(),
          sim_label: z.string(),
          data: z.object({ rx: z.number().int(), tx: z.number().int() }),
        }),
      ),
    }),
  ),
});
export type DataUsageDay = z.infer<typeof dataUsageSchema>;
export const locationSchema = z.object({
  datetime: z.string(),
  /** RMS's name for `datetime`. */
  created_at: apiDateSchema,
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
export type OnlineSample = z.infer<typeof onlineSampleSchema>;
/** A company's own devices online and offline at the period's last sample (0 without one). */
export interface OnlineCompany {
  company_id: number;
  company_name: string;
  devices: { online: number; offline: number };
  sub_companies: OnlineCompany[];
}
const onlineCompanyFields = {
  company_id: z.number().int(),
  company_name: z.string(),
  devices: z.object({ online: z.number().int(), offline: z.number().int() }),
};
// Companies nest at most COMPANY_MAX_LEVEL (3) deep, so the tree is spelled out to that depth
// (OpenAPI gets no recursive schema): a third-level company has no subsidiaries.
const onlineCompanyLeafSchema = z.object({
  ...onlineCompanyFields,
  sub_companies: z.array(z.unknown()).max(0),
});
export const onlineCompanySchema = z.object({
  ...onlineCompanyFields,
  sub_companies: z.array(
    z.object({ ...onlineCompanyFields, sub_companies: z.array(onlineCompanyLeafSchema) }),
  ),
});
/**
 * GET /statistics/devices/online, RMS's shape: the period and the company's tree (its
 * subsidiaries with include_child_companies), each with its own devices online and offline at
 * the period's end. `samples` is netfleet's: online and total devices every five minutes,
 * summed over the tree.
 */
export const onlineStatisticsSchema = z.object({
  query_period: z.object({ start_date: z.string(), end_date: z.string() }),
  companies: z.array(onlineCompanySchema),
  samples: z.array(onlineSampleSchema),
});
export type OnlineStatistics = z.infer<typeof onlineStatisticsSchema>;
