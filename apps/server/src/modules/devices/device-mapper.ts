import {
  DEVICE_FIELDS,
  type Device,
  deviceCapabilities,
  type DeviceCapabilities,
  ERROR_CODES,
  modelSeries,
} from '@netfleet/contracts';
import { ApiError } from '@/lib/api-error';
import type { DeviceRow } from './devices.repository';

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
  created_at: row.createdAt.toISOString(),
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

/** `fields=a,b` → a picker keeping those keys; an unknown field is a 400 naming it. */
export const fieldPicker = (fields: string[] | undefined) => {
  if (!fields?.length) return (device: Device): Partial<Device> => device;
  const unknown = fields.find((field) => !(DEVICE_FIELDS as string[]).includes(field));
  if (unknown !== undefined) {
    throw new ApiError(
      400,
      ERROR_CODES.VALIDATION_ERROR,
      `Unknown field ${unknown}; fields: ${DEVICE_FIELDS.join(', ')}`,
      'fields',
    );
  }
  const keys = fields as (keyof Device)[];
  return (device: Device): Partial<Device> =>
    Object.fromEntries(keys.map((key) => [key, device[key]])) as Partial<Device>;
};
