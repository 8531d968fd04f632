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
  type WirelessGraphEntry,
  type WirelessGraphPoint,
  type WirelessGraphQuery,
  WIRELESS_GRAPH_DEFAULT_RANGE_MS,
  WIRELESS_GRAPH_MAX_POINTS,
  WIRELESS_GRAPH_MAX_RANGE_MS,
  WIRELESS_GRAPH_MESSAGES,
  type WirelessListQuery,
} from '@netfleet/contracts';
import { invalid, notFound } from '@/lib/api-error';
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
  received: row.rx === null ? null : String(row.rx),
  sent: row.tx === null ? null : String(row.tx),
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
  received: row.rx,
  sent: row.tx,
  clients_count: row.clients,
  band: row.band,
  channel: row.channel,
  enabled: row.enabled,
});

interface Deps {
  wirelessRepository: WirelessRepository;
  now?: () => Date;
}

/**
 * `from`/`to` of a graph: the day up to `to` when only `to` is given (up to now when neither is),
 * the day from `from` when only `from` is; never longer than the maximum.
 */
const graphRange = (query: WirelessGraphQuery, now: Date) => {
  const day = WIRELESS_GRAPH_DEFAULT_RANGE_MS;
  const to = query.to ?? (query.from ? new Date(query.from.getTime() + day) : now);
  const from = query.from ?? new Date(to.getTime() - day);
  if (from.getTime() >= to.getTime()) throw invalid(WIRELESS_GRAPH_MESSAGES.rangeOrder, 'from');
  if (to.getTime() - from.getTime() > WIRELESS_GRAPH_MAX_RANGE_MS) {
    throw invalid(WIRELESS_GRAPH_MESSAGES.rangeTooLong, query.from ? 'to' : 'from');
  }
  return { from, to };
};

/** Hotspots and Wi-Fi interfaces of the devices in the companies the caller sees. */
export const createWirelessService = ({
  wirelessRepository: repository,
  now = () => new Date(),
}: Deps) => {
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

    /**
     * RMS wirelessGraph: per requested interface (in the order asked), its clients and traffic over
     * the range from the stored wireless readings. Interfaces are the ones the device's latest
     * reading lists.
     */
    async wirelessGraph(
      auth: AuthContext,
      deviceId: number,
      query: WirelessGraphQuery,
    ): Promise<WirelessGraphEntry[]> {
      await requireDevice(auth, deviceId);
      const known = new Set(await repository.wirelessIndexes(deviceId));
      const wlan = [...new Set(query.wlan)];
      if (wlan.some((index) => !known.has(index))) {
        throw invalid(WIRELESS_GRAPH_MESSAGES.unknownWlan, 'wlan');
      }
      const range = graphRange(query, now());
      const rows = await repository.graph(deviceId, wlan, range, WIRELESS_GRAPH_MAX_POINTS);
      const series = new Map<number, WirelessGraphPoint[]>(wlan.map((index) => [index, []]));
      let previous: { idx: number; ts: Date } | undefined;
      for (const row of rows) {
        const gap =
          previous?.idx === row.idx
            ? String(Math.round((row.ts.getTime() - previous.ts.getTime()) / 1000))
            : null;
        series.get(row.idx)?.push({
          created_at: toApiDate(row.ts),
          interval: gap,
          received: row.received,
          sent: row.sent,
          clients_count: row.clients,
        });
        previous = row;
      }
      return wlan.map((index) => ({ [String(index)]: series.get(index) ?? [] }));
    },
  };
};

export type WirelessService = ReturnType<typeof createWirelessService>;
