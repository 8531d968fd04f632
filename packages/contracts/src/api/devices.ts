import { apiDateSchema } from '../api-dates.ts';
import { z } from 'zod';
import { listQuerySchema } from '../list.ts';
import { deviceFilterQueryShape } from './device-filters.ts';

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
  /**
   * netfleet: the device's company pays for management (payment_type paid), so the device needs an
   * active management credit; in a free company it needs none.
   */
  credit_required: z.boolean(),
  /** Bytes of the running data pack not used yet (mobile data since it was set); null: none. */
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
  /** netfleet: when the device's data pack was set, its expiry and the bytes it gave (null: none). */
  data_pack_activated_at: nullableText,
  data_pack_expire_date: nullableText,
  data_pack_bytes: nullableInt,
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
