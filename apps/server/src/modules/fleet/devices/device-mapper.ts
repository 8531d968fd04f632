import {
  creditTypeById,
  creditTypeTitleFor,
  DEVICE_FIELDS,
  type Device,
  deviceCapabilities,
  type DeviceCapabilities,
  modelSeries,
  type ModemReading,
} from '@netfleet/contracts';
import { fieldPicker } from '@/lib/query-fields';
import type { DeviceRow } from './devices.repository';
import { toApiDate } from '@/lib/dates';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A device that has not announced its model yet can do nothing model-specific. */
const NO_CAPABILITIES: DeviceCapabilities = {
  has_wifi: false,
  has_gps: false,
  has_rutos: false,
  has_mobile: false,
  port_count: 0,
  has_lan: false,
  has_hotspot: false,
  sim_count: 0,
  has_io: false,
  has_ddns: false,
  has_data_usage: false,
  has_l2tp: false,
  has_second_modem: false,
  has_network_map: false,
  has_esim: false,
  has_webfilter: false,
  has_vpn: false,
  has_legacy_alerts: false,
  has_legacy_vpn: false,
};

/** What device-columns' `latest` column reads from the latest readings (`info`). */
export interface LatestInfo {
  modems?: Partial<ModemReading>[] | null;
  sims?: { slot: number | 'esim'; iccid: string | null; imsi: string | null }[] | null;
  gps?: { altitude?: number; speed?: number; satellites?: number } | null;
  io?: {
    inputs?: { name: string; level: number }[];
    relays?: { name: string; state: number }[];
    analog?: { name: string; value: number; unit: string }[];
  } | null;
  ddns_count?: number | null;
}

const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const int = (value: unknown): number | null => {
  const n = num(value);
  return n === null ? null : Math.round(n);
};

/** A device's device_credits row as device-columns reads it (`expires_at` as the API answers dates). */
export interface DeviceCredit {
  enabled: boolean;
  type_id: number | null;
  auto_extend: boolean;
  /** A paid period is running. */
  active: boolean;
  expires_at: string | null;
}

const flagOf = (value: boolean) => (value ? (1 as const) : (0 as const));

/**
 * RMS's credit fields: a device without a row has never had credits enabled (auto-extend is on by
 * default). The management type is the one its next period is paid with.
 */
const creditFields = (credit: DeviceCredit | null) => {
  const type = credit?.type_id ? creditTypeById(credit.type_id) : undefined;
  return {
    credit_enabled: flagOf(credit?.enabled ?? false),
    credit_activated: flagOf(credit?.active ?? false),
    credit_expire_date: credit?.expires_at ?? null,
    auto_extend_credit: flagOf(credit?.auto_extend ?? true),
    management_credit_type: type?.name ?? null,
    // Titled as for everyone but super admins: "Paid" left out, "Free" kept.
    management_credit_type_name: type ? creditTypeTitleFor(type, false) : null,
    management_credit_type_id: type?.id ?? null,
  };
};

/** A device's device_data_packs row as device-columns reads it (dates as the API answers them). */
export interface DeviceDataPack {
  type_id: number;
  activated_at: string;
  expires_at: string;
  bytes: number;
  /** Bytes left while the pack runs; null once it expired. */
  remaining: number | null;
}

/** RMS's data credit fields from the device's data pack (titled like the management type). */
const dataPackFields = (pack: DeviceDataPack | null) => {
  const type = pack ? creditTypeById(pack.type_id) : undefined;
  return {
    data_credit_type: type?.name ?? null,
    data_credit_type_name: type ? creditTypeTitleFor(type, false) : null,
    data_credit_type_id: type?.id ?? null,
    data_pack_activated_at: pack?.activated_at ?? null,
    data_pack_expire_date: pack?.expires_at ?? null,
    data_pack_bytes: pack?.bytes ?? null,
  };
};

/** 1, 2, or 3 for the eSIM (as device_data_usage numbers SIM slots). */
const slotNumber = (slot: unknown): number | null => (slot === 'esim' ? 3 : int(slot));

/** The first reading of each modem is its active SIM (see the gateway's latest-reading). */
const modemOf = (latest: LatestInfo | null, modem: 1 | 2) =>
  (latest?.modems ?? []).find((reading) => reading.modem === modem) ?? null;

/** RMS's per-modem fields (`_2` for the second modem) from the latest readings. */
const modemFields = (latest: LatestInfo | null, modem: 1 | 2) => {
  const reading = modemOf(latest, modem);
  const slot = reading ? slotNumber(reading.sim) : null;
  const sim = reading
    ? (latest?.sims ?? []).find((entry) => slotNumber(entry.slot) === slot)
    : undefined;
  return {
    sim_slot: slot,
    rsrp: num(reading?.rsrp),
    rsrq: num(reading?.rsrq),
    sinr: num(reading?.sinr),
    iccid: sim?.iccid ?? null,
    imsi: sim?.imsi ?? null,
    sim_state: sim?.iccid ? 'inserted' : null,
  };
};

/** An io value by its reported name (case-insensitive), as RMS names the I/O fields. */
const ioValue = (
  entries: { name: string; level?: number; state?: number; value?: number }[] | undefined,
  name: string,
) => {
  const entry = entries?.find((e) => e.name.toLowerCase() === name);
  return entry ? (entry.level ?? entry.state ?? entry.value ?? null) : null;
};
const asText = (value: number | null) => (value === null ? null : String(value));

/** The RMS device fields netfleet reads from its latest readings, or null. */
const rmsFields = (row: DeviceRow) => {
  const latest = row.latest;
  const first = modemFields(latest, 1);
  const second = modemFields(latest, 2);
  const io = latest?.io ?? null;
  const gps = latest?.gps ?? null;
  const monitored = [
    row.dynamicMonitoring,
    row.staticMonitoring,
    row.hotspotMonitoring,
    row.gpsMonitoring,
    row.ioMonitoring,
    row.wirelessMonitoring,
    row.ddnsMonitoring,
    row.vpnMonitoring,
  ].some((period) => period > 0);
  return {
    original_model: row.model,
    wlan_mac: null,
    mqtt: 1,
    vpn_monitoring_instances_state: null,
    activation_status: null,
    is_facelift: null,
    updated_at: toApiDate(row.updatedAt),
    is_authenticated: row.authenticated ? 1 : 0,
    failed_auth_reason: null,
    ...creditFields(row.credit),
    credit_required: row.creditRequired,
    monitoring_enabled: monitored ? (1 as const) : (0 as const),
    remaining_data: row.dataPack?.remaining ?? null,
    temperature_2: null,
    bootloader_version: null,
    cell_id: null,
    cell_id_2: null,
    connection_state: null,
    connection_state_2: null,
    connection_uptime: null,
    connection_uptime_2: null,
    iccid: first.iccid,
    iccid_2: second.iccid,
    lac: null,
    lac_2: null,
    mcc: null,
    mcc_2: null,
    mnc: null,
    mnc_2: null,
    sim_slot: first.sim_slot,
    sim_slot_2: second.sim_slot,
    sim_state: first.sim_state,
    sim_state_2: second.sim_state,
    pin_state: null,
    pin_state_2: null,
    operator_number: null,
    operator_number_2: null,
    router_uptime: row.uptime,
    mobile_ip: null,
    mobile_ip_2: null,
    // Readings carry bytes since the previous reading, not RMS's counters.
    sent: null,
    sent_2: null,
    received: null,
    received_2: null,
    rscp: null,
    rscp_2: null,
    ecio: null,
    ecio_2: null,
    rsrp: first.rsrp,
    rsrp_2: second.rsrp,
    sinr: first.sinr,
    sinr_2: second.sinr,
    rsrq: first.rsrq,
    rsrq_2: second.rsrq,
    imei_2: null,
    batch_number: null,
    product_code: null,
    hardware_revision: null,
    imsi: first.imsi,
    imsi_2: second.imsi,
    digital_input: int(ioValue(io?.inputs, 'digital input')),
    digital_isolated_input: int(ioValue(io?.inputs, 'digital galvanically isolated input')),
    analog_input: asText(ioValue(io?.analog, 'analog input')),
    open_collector_output: int(ioValue(io?.relays, 'open collector output')),
    relay_output: asText(ioValue(io?.relays, 'relay')),
    oc_output_cfg: null,
    relay_output_cfg: null,
    relay_output_2: int(ioValue(io?.relays, 'relay 2')),
    digital_inout0: null,
    digital_inout1: null,
    digital_inout2: null,
    dry_wet_input0: null,
    dry_wet_input1: null,
    digital_non_isolated_input_4pin: null,
    digital_open_collector_output_4pin: null,
    analog_current_loop: null,
    // A gps reading is a position fix.
    fix_status: gps ? 1 : null,
    satellites: int(gps?.satellites),
    altitude: num(gps?.altitude),
    speed: num(gps?.speed),
    course: null,
    gps_time: null,
    accuracy: null,
    cell_tower_latitude: null,
    cell_tower_latitude_2: null,
    cell_tower_longitude: null,
    cell_tower_longitude_2: null,
    cell_tower_accuracy: null,
    cell_tower_accuracy_2: null,
    last_update_at: iso(row.informationUpdatedAt),
    ...dataPackFields(row.dataPack),
    ddns_rules_count: int(latest?.ddns_count),
  };
};

/** The stored flags (the gateway computes them on hello), else computed from model and firmware. */
const capabilitiesOf = (row: DeviceRow): DeviceCapabilities =>
  row.capabilities ?? (row.model ? deviceCapabilities(row.model, row.firmware) : NO_CAPABILITIES);

export const toDevice = (row: DeviceRow): Device => ({
  id: row.id,
  name: row.name,
  description: row.description,
  serial: row.serial,
  mac: row.mac,
  imei: row.imei,
  model: row.model,
  firmware: row.firmware,
  device_series: row.deviceSeries,
  series: row.model ? modelSeries(row.model) : null,
  company_id: row.companyId,
  company_name: row.companyName,
  status: row.status,
  created_at: toApiDate(row.createdAt),
  enrolled_at: iso(row.enrolledAt),
  last_connection_at: iso(row.lastConnectionAt),
  information_updated: iso(row.informationUpdatedAt),
  signal: row.signal,
  signal_2: row.signal2,
  operator: row.operator,
  operator_2: row.operator2,
  network_state: row.networkState,
  network_state_2: row.networkState2,
  connection_type: row.connectionType,
  connection_type_2: row.connectionType2,
  modem_model: row.modemModel,
  modem_model_2: row.modemModel2,
  modem_manufacturer: row.modemManufacturer,
  modem_manufacturer_2: row.modemManufacturer2,
  modem_firmware: row.modemFirmware,
  modem_firmware_2: row.modemFirmware2,
  wan_state: row.wanState,
  wan_ip: row.wanIp,
  temperature: row.temperature,
  uptime: row.uptime,
  latitude: row.latitude,
  longitude: row.longitude,
  user_set_latitude: row.userSetLatitude,
  user_set_longitude: row.userSetLongitude,
  ...rmsFields(row),
  dynamic_monitoring: row.dynamicMonitoring,
  static_monitoring: row.staticMonitoring,
  hotspot_monitoring: row.hotspotMonitoring,
  gps_monitoring: row.gpsMonitoring,
  io_monitoring: row.ioMonitoring,
  wireless_monitoring: row.wirelessMonitoring,
  ddns_monitoring: row.ddnsMonitoring,
  vpn_monitoring: row.vpnMonitoring,
  tags: row.tags,
  ...capabilitiesOf(row),
});

/** `fields=a,b` → a picker keeping those device fields (and `always`), see fieldPicker. */
export const devicePicker = (
  fields: string[] | undefined,
  always: readonly (keyof Device)[] = [],
): ((device: Device) => Partial<Device>) => fieldPicker<Device>(fields, DEVICE_FIELDS, always);
