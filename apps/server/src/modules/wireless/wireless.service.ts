import {
  DEVICE_MESSAGES,
  type Hotspot,
  type HotspotListQuery,
  wirelessIdOf,
  type WirelessInterface,
  type WirelessListQuery,
} from '@netfleet/contracts';
import { notFound } from '@/lib/api-error';
import type { AuthContext } from '@/modules/auth/auth.types';
import type { WirelessRepository, WirelessRow } from './wireless.repository';

/** A device has at most 16 of each (device-telemetry.ts), so one page holds them all. */
const DEVICE_PAGE = { limit: 100, offset: 0 };

const deviceFieldsOf = (row: WirelessRow) => ({
  id: wirelessIdOf(row.deviceId, row.idx),
  device_id: row.deviceId,
  device_name: row.deviceName,
  serial: row.serial,
  model: row.model,
  firmware: row.firmware,
  status: row.status,
  company_id: row.companyId,
  company_name: row.companyName,
  index: row.idx,
  ssid: row.ssid,
  updated_at: row.updatedAt.toISOString(),
});

const toHotspot = (row: WirelessRow): Hotspot => ({
  ...deviceFieldsOf(row),
  users_active: row.clients,
  rx: row.rx,
  tx: row.tx,
});

const toWireless = (row: WirelessRow): WirelessInterface => ({
  ...deviceFieldsOf(row),
  band: row.band,
  channel: row.channel,
  enabled: row.enabled,
  clients: row.clients,
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
      return rows.map(toHotspot);
    },

    async wireless(auth: AuthContext, query: WirelessListQuery) {
      const scope = await repository.scopeOf(auth);
      const { rows, total, estimated } = await repository.list('wireless', scope, query, query);
      return { data: rows.map(toWireless), total, estimated };
    },

    async deviceWireless(auth: AuthContext, deviceId: number) {
      await requireDevice(auth, deviceId);
      const scope = await repository.scopeOf(auth);
      const { rows } = await repository.list('wireless', scope, { deviceId }, DEVICE_PAGE);
      return rows.map(toWireless);
    },
  };
};

export type WirelessService = ReturnType<typeof createWirelessService>;
