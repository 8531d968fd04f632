import { TELEMETRY_CATEGORIES } from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { deviceJobs, deviceWireless } from '@/db/schema';
import type { AreaTable, CaseContext, RouteSpec } from '../matrix';
import { matrixDevice } from './devices';

/**
 * A Wi-Fi interface and a hotspot on the device, each SSID carrying the zone marker (the device
 * name carries it too), so the lists show which zones' rows they hold.
 */
export const matrixWireless = async (db: Database, deviceId: number, marker: string) => {
  const common = { deviceId, idx: 0, clients: 1, updatedAt: new Date() };
  await db.insert(deviceWireless).values([
    {
      ...common,
      category: TELEMETRY_CATEGORIES.indexOf('wireless'),
      ssid: `wifi ${marker}`,
      band: '2.4GHz',
      channel: 6,
      enabled: true,
    },
    { ...common, category: TELEMETRY_CATEGORIES.indexOf('hotspot'), ssid: `hotspot ${marker}` },
  ]);
};

const hotspots = { allOf: ['view_devices', 'view_device_hotspots'] } as const;
const wireless = { allOf: ['view_devices', 'view_wireless_information'] } as const;

const list = (permission: RouteSpec['permission'], url: string): RouteSpec => ({
  permission,
  scope: 'caller',
  ok: 200,
  build: async () => ({ url }),
});
const read = (permission: RouteSpec['permission'], path: string): RouteSpec => ({
  permission,
  scope: 'company',
  ok: 200,
  build: async ({ world, zone }: CaseContext) => {
    const id = await matrixDevice(world.t.db, zone.company, zone.marker);
    await matrixWireless(world.t.db, id, zone.marker);
    return { url: `/api/devices/${id}${path}` };
  },
});

/**
 * Hotspot users are read from the device: the matrix runs no device gateway, so a visible device
 * is offline (409 DEVICE_OFFLINE) and an invisible one "not found" before anything is asked.
 */
const askDevice = (path: string): RouteSpec => ({
  ...read(hotspots, `/hotspots/0/users${path}`),
  ok: 409,
});

/** A change is a device job: out of reach it is "not found" and queues nothing. */
const changeUsers = (path: string, payload?: object): RouteSpec => ({
  permission: { allOf: ['update_devices', 'view_device_hotspots'] },
  scope: 'company',
  ok: 200,
  build: async ({ world, zone }: CaseContext) => {
    const id = await matrixDevice(world.t.db, zone.company, zone.marker);
    await matrixWireless(world.t.db, id, zone.marker);
    const jobs = () => world.t.db.select().from(deviceJobs).where(eq(deviceJobs.deviceId, id));
    return {
      url: `/api/devices/${id}/hotspots/0/users${path}`,
      ...(payload ? { payload } : {}),
      untouched: async () => (await jobs()).length === 0,
    };
  },
});

export const wirelessRoutes: AreaTable = {
  'GET /api/hotspots': list('view_device_hotspots', '/api/hotspots'),
  'GET /api/devices/:id/hotspots': read(hotspots, '/hotspots'),
  'GET /api/wireless': list('view_wireless_information', '/api/wireless'),
  'GET /api/devices/:id/wireless': read(wireless, '/wireless'),
  'GET /api/devices/:id/wireless/graph': read(wireless, '/wireless/graph?wlan=0'),
  'GET /api/devices/:id/hotspots/:index/users': askDevice(''),
  'GET /api/devices/:id/hotspots/:index/users/active': askDevice('/active'),
  'POST /api/devices/:id/hotspots/:index/users': changeUsers('', {
    username: 'matrix',
    password: 'matrix-pass',
  }),
  'DELETE /api/devices/:id/hotspots/:index/users': changeUsers('?username=matrix'),
};
