import { toApiDate } from '@/lib/dates';
import {
  DEVICE_MESSAGES,
  type DeviceHotspot,
  deviceStatusName,
  type DeviceWireless,
  type DeviceWirelessQuery,
  type Hotspot,
  type HotspotListQuery,
  wirelessIdOf,
  type WirelessInterface,
  wirelessKeyOf,
  type WirelessListQuery,
} from '@netfleet/contracts';
import { notFound } from '@/lib/api-error';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { WirelessRepository, WirelessRow } from './wireless.repository';

/** A device has at most 16 of each (device-telemetry.ts), so one page holds them all. */
const DEVICE_PAGE = { limit: 100, offset: 0 };

const deviceFieldsOf = (row: WirelessRow) => ({
  id: wirelessIdOf(row.deviceId, row.idx),
  key: wirelessKeyOf(row.deviceId, row.idx),
  device_id: row.deviceId,
  device_name: row.deviceName,
  serial: row.serial,
  model: row.model,
  firmware: row.firmware,
  device_status: row.status,
  company_id: row.companyId,
  company_name: row.companyName,
  index: row.idx,
  ssid: row.ssid,
  updated_at: toApiDate(row.updatedAt),
});

/** What a hotspot reading says of a hotspot, in both lists. */
const hotspotFieldsOf = (row: WirelessRow) => ({
  ...deviceFieldsOf(row),
  online_users: row.clients,
  rx: row.rx,
  tx: row.tx,
});

const toHotspot = (row: WirelessRow): Hotspot => ({
  ...hotspotFieldsOf(row),
  name: row.deviceName,
  description: null,
  status: deviceStatusName(row.status),
  is_esim_bootstrap: null,
  ssid_names: row.ssid,
});

const toDeviceHotspot = (row: WirelessRow): DeviceHotspot => ({
  ...hotspotFieldsOf(row),
  status: null,
  hotspot_ip: null,
  auth_type: null,
  hotspot_index: String(row.idx),
});

const toWireless = (row: WirelessRow): WirelessInterface => ({
  ...deviceFieldsOf(row),
  name: row.deviceName,
  description: null,
  status: deviceStatusName(row.status),
  received: null,
  sent: null,
  clients_count: String(row.clients),
  created_at: null,
  band: row.band,
  channel: row.channel,
  enabled: row.enabled,
  clients: row.clients,
});

const toDeviceWireless = (row: WirelessRow): DeviceWireless => ({
  ...deviceFieldsOf(row),
  wlan_id: String(row.idx),
  active: row.enabled === null ? null : Number(row.enabled),
  received: null,
  sent: null,
  clients_count: row.clients,
  band: row.band,
  channel: row.channel,
  enabled: row.enabled,
});

interface Deps {
  wirelessRepository: WirelessRepository;
}

/** Hotspots and Wi-Fi interfaces of the devices in the companies the caller sees. */
export const createWirelessService = ({ wirelessRepository: repository }: Deps) => {
  const requireDevice = async (auth: AuthContext, deviceId: number) => {
    if (!(await repository.deviceVisible(auth, deviceId))) throw notFound(DEVICE_MESSAGES.notFound);
  };

  return {
    async hotspots(auth: AuthContext, query: HotspotListQuery) {
      const scope = await repository.scopeOf(auth);
      const { rows, total, estimated } = await repository.list('hotspot', scope, query, query);
      return { data: rows.map(toHotspot), total, estimated };
    },

    async deviceHotspots(auth: AuthContext, deviceId: number) {
      await requireDevice(auth, deviceId);
      const scope = await repository.scopeOf(auth);
      const { rows } = await repository.list('hotspot', scope, { deviceId }, DEVICE_PAGE);
      return rows.map(toDeviceHotspot);
    },

    async wireless(auth: AuthContext, query: WirelessListQuery) {
      const scope = await repository.scopeOf(auth);
      const { rows, total, estimated } = await repository.list('wireless', scope, query, query);
      return { data: rows.map(toWireless), total, estimated };
    },

    async deviceWireless(auth: AuthContext, deviceId: number, query: DeviceWirelessQuery = {}) {
      await requireDevice(auth, deviceId);
      const scope = await repository.scopeOf(auth);
      const filter = { deviceId, indexes: query.wlan };
      const { rows } = await repository.list('wireless', scope, filter, DEVICE_PAGE);
      return rows.map(toDeviceWireless);
    },
  };
};

export type WirelessService = ReturnType<typeof createWirelessService>;
