import { toApiDate } from '@netfleet/contracts';
import type {
  DeviceHotspot,
  DeviceWireless,
  Hotspot,
  TelemetryCategory,
  WirelessInterface,
} from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import { buildTestApp, type TestApp } from '@test/app';
import type { TestSession } from '@test/session';
import { createWirelessFleet, flushReadings, getJson, hotspot, wifi } from './wireless.fixtures';

let t: TestApp;
let treeA: CompanyRow;
let childA: CompanyRow;
let treeB: CompanyRow;
let adminA: TestSession;
let endUserA: TestSession;
let devicesOnly: TestSession;
let ids: Record<'north' | 'east' | 'beta', number>;

const flush = (readings: [number, TelemetryCategory, unknown][], receivedAt?: Date) =>
  flushReadings(t, readings, receivedAt);
const get = (session: TestSession, url: string) => getJson(t, session, url);

const wirelessRows = async (session: TestSession, query = '') => {
  const answer = await get(session, `/api/wireless?${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as WirelessInterface[];
};
const ssids = async (session: TestSession, query = '') =>
  (await wirelessRows(session, query)).map((row) => row.ssid);
const hotspotRows = async (session: TestSession, query = '') => {
  const answer = await get(session, `/api/hotspots?${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as Hotspot[];
};

beforeAll(async () => {
  t = await buildTestApp();
  ({ treeA, childA, treeB, adminA, endUserA, devicesOnly, ids } = await createWirelessFleet(t));
  await t.db.update(devices).set({ status: 1 }).where(eq(devices.id, ids.north));
  await flush([
    [ids.north, 'wireless', { interfaces: [wifi('north-2g', 4), wifi('north-5g', 9, '5GHz')] }],
    [ids.north, 'dynamic', { uptime: 10, temperature: 300, wan_state: 'mobile', modems: [] }],
    [ids.east, 'wireless', { interfaces: [wifi('east-2g', 2)] }],
    [ids.east, 'hotspot', { hotspots: [hotspot(0, 'Guest', 3), hotspot(2, 'Staff', 1)] }],
    [ids.beta, 'wireless', { interfaces: [wifi('beta-2g', 7)] }],
    [ids.beta, 'hotspot', { hotspots: [hotspot(0, 'Beta guest', 5)] }],
  ]);
});
afterAll(() => t.close());

describe('GET /api/wireless', () => {
  it('lists one row per Wi-Fi interface of the devices the caller sees', async () => {
    const rows = await wirelessRows(adminA);
    expect(rows.map((row) => row.ssid)).toEqual(['east-2g', 'north-2g', 'north-5g']);
    expect(rows[2]).toEqual({
      // RMS's integer id: device_id * 100 + index; the console's key beside it.
      id: ids.north * 100 + 1,
      key: `${ids.north}:1`,
      device_id: ids.north,
      device_name: 'north',
      name: 'north',
      description: null,
      serial: expect.any(String),
      model: 'RUTX11',
      firmware: 'RUT9_R_00.07.06.1',
      status: 'online',
      device_status: 1,
      company_id: treeA.id,
      company_name: 'Alpha',
      index: 1,
      ssid: 'north-5g',
      band: '5GHz',
      channel: 36,
      enabled: true,
      clients: 9,
      clients_count: '9',
      received: null,
      sent: null,
      created_at: null,
      updated_at: '2026-03-01 10:00:00',
    });
    expect(rows[0]).toMatchObject({ status: 'offline', device_status: 0 });
    // An end client sees its own company only.
    expect(await ssids(endUserA)).toEqual(['north-2g', 'north-5g']);
  });

  it('filters, searches, sorts and pages in SQL', async () => {
    expect(await ssids(adminA, 'sort=-clients')).toEqual(['north-5g', 'north-2g', 'east-2g']);
    expect(await ssids(adminA, 'status=1')).toEqual(['north-2g', 'north-5g']);
    expect(await ssids(adminA, 'status=0')).toEqual(['east-2g']);
    expect(await ssids(adminA, 'status=0&status=1&model=RUT360')).toEqual(['east-2g']);
    expect(await ssids(adminA, 'model=RUT360')).toEqual(['east-2g']);
    expect(await ssids(adminA, `company_id=${childA.id}`)).toEqual(['east-2g']);
    expect(await ssids(adminA, `company_id=${treeB.id}`)).toEqual([]);
    expect(await ssids(adminA, 'band=5GHz')).toEqual(['north-5g']);
    expect(await ssids(adminA, 'q=5G')).toEqual(['north-5g']);
    expect(await ssids(adminA, 'q=beta')).toEqual([]);
    expect(await ssids(adminA, 'q=east&search-fields=device_name')).toEqual(['east-2g']);
    expect(await ssids(adminA, `wireless_id=${ids.north}:0,${ids.beta}:0`)).toEqual(['north-2g']);
    // RMS's integer ids, alone or beside keys.
    expect(await ssids(adminA, `wireless_id=${ids.north * 100 + 1}`)).toEqual(['north-5g']);
    expect(await ssids(adminA, `wireless_id=${ids.north * 100},${ids.east}:0`)).toEqual([
      'east-2g',
      'north-2g',
    ]);
    // RMS's status names beside the codes; not_activated is neither online nor offline.
    expect(await ssids(adminA, 'status=online')).toEqual(['north-2g', 'north-5g']);
    expect(await ssids(adminA, 'status=offline,online')).toEqual([
      'east-2g',
      'north-2g',
      'north-5g',
    ]);
    expect(await ssids(adminA, 'status=not_activated')).toEqual([]);
    expect(await ssids(adminA, 'sort=-clients_count')).toEqual(['north-5g', 'north-2g', 'east-2g']);
    const page = await get(adminA, '/api/wireless?limit=1&offset=1');
    expect(page.body.meta.total).toBe(3);
    expect(page.body.data.map((row: WirelessInterface) => row.ssid)).toEqual(['north-2g']);
  });

  it('refuses unknown sorts and malformed filters with a 400 naming them', async () => {
    const sort = await get(adminA, '/api/wireless?sort=users_active');
    expect(sort.status).toBe(400);
    expect(sort.body.errors[0].source).toBe('sort');
    expect((await get(adminA, '/api/wireless?wireless_id=12')).status).toBe(400);
    expect((await get(adminA, '/api/wireless?wireless_id=9999999999:0')).status).toBe(400);
    expect((await get(adminA, '/api/wireless?status=sleeping')).status).toBe(400);
    expect((await get(adminA, '/api/wireless?status=4')).status).toBe(400);
  });

  it('answers its field names to fields_only', async () => {
    const fields = await get(adminA, '/api/wireless?fields_only=true');
    expect(fields.body.data).toContain('clients');
    expect(fields.body.data).toContain('device_name');
  });
});

describe('GET /api/hotspots', () => {
  it('lists one row per hotspot, scoped, filtered by SSID and sorted by active users', async () => {
    const rows = await hotspotRows(adminA);
    expect(rows.map((row) => [row.id, row.key, row.ssid, row.online_users])).toEqual([
      [ids.east * 100, `${ids.east}:0`, 'Guest', 3],
      [ids.east * 100 + 2, `${ids.east}:2`, 'Staff', 1],
    ]);
    expect(rows[0]).toMatchObject({
      company_name: 'Alpha Child',
      rx: 300,
      tx: 600,
      index: 0,
      // RMS's fields: the device's name and status, the hotspot's SSID and active users.
      name: 'east',
      description: null,
      status: 'offline',
      device_status: 0,
      is_esim_bootstrap: null,
      ssid_names: 'Guest',
    });
    expect(await hotspotRows(endUserA)).toEqual([]);
    const staff = await hotspotRows(adminA, 'ssid_names=Staff,Nope');
    expect(staff.map((row) => row.ssid)).toEqual(['Staff']);
    const byUsers = await hotspotRows(adminA, 'sort=users_active');
    expect(byUsers.map((row) => row.ssid)).toEqual(['Staff', 'Guest']);
    const byOnline = await hotspotRows(adminA, 'sort=-online_users');
    expect(byOnline.map((row) => row.ssid)).toEqual(['Guest', 'Staff']);
    expect(await hotspotRows(adminA, 'status=online')).toEqual([]);
    expect((await hotspotRows(adminA, 'status=offline')).length).toBe(2);
    expect((await get(adminA, '/api/hotspots?sort=clients')).status).toBe(400);
  });
});

describe('per device', () => {
  it("answers one visible device's interfaces and 404 for any other", async () => {
    const own = await get(adminA, `/api/devices/${ids.east}/hotspots`);
    expect(own.body.data.map((row: DeviceHotspot) => row.ssid)).toEqual(['Guest', 'Staff']);
    expect(own.body.data[1]).toEqual({
      id: ids.east * 100 + 2,
      key: `${ids.east}:2`,
      device_id: ids.east,
      device_name: 'east',
      serial: expect.any(String),
      model: 'RUT360',
      firmware: expect.any(String),
      device_status: 0,
      company_id: childA.id,
      company_name: 'Alpha Child',
      index: 2,
      ssid: 'Staff',
      online_users: 1,
      rx: expect.any(Number),
      tx: expect.any(Number),
      // RMS's fields: the index as text; what readings do not carry is null.
      hotspot_index: '2',
      status: null,
      hotspot_ip: null,
      auth_type: null,
      updated_at: '2026-03-01 10:00:00',
    });
    const wireless = await get(adminA, `/api/devices/${ids.north}/wireless`);
    expect(wireless.body.data.map((row: DeviceWireless) => row.index)).toEqual([0, 1]);
    expect(wireless.body.data[1]).toMatchObject({
      id: ids.north * 100 + 1,
      device_id: ids.north,
      wlan_id: '1',
      ssid: 'north-5g',
      active: 1,
      clients_count: 9,
      received: null,
      sent: null,
    });
    expect(wireless.body.data[1]).not.toHaveProperty('status');
    // RMS's `wlan` picks interfaces by wlan_id.
    const one = await get(adminA, `/api/devices/${ids.north}/wireless?wlan=1`);
    expect(one.body.data.map((row: DeviceWireless) => row.ssid)).toEqual(['north-5g']);
    expect((await get(adminA, `/api/devices/${ids.beta}/wireless`)).status).toBe(404);
    expect((await get(endUserA, `/api/devices/${ids.east}/hotspots`)).status).toBe(404);
    expect((await get(adminA, '/api/devices/999999/hotspots')).status).toBe(404);
  });
});

describe('permissions', () => {
  it('needs the Wi-Fi or hotspot permission on top of view_devices', async () => {
    expect((await get(devicesOnly, '/api/wireless')).status).toBe(403);
    expect((await get(devicesOnly, '/api/hotspots')).status).toBe(403);
    expect((await get(devicesOnly, `/api/devices/${ids.north}/wireless`)).status).toBe(403);
  });
});

describe('the gateway flush', () => {
  it('replaces a device’s interfaces with its latest reading, leaving other categories', async () => {
    const later = new Date('2026-03-01T11:00:00Z');
    await flush(
      [
        [ids.north, 'wireless', { interfaces: [wifi('north-renamed', 12)] }],
        // Two hotspots of one index: the first is kept, the flush does not fail.
        [ids.east, 'hotspot', { hotspots: [hotspot(2, 'Staff', 4), hotspot(2, 'Twin', 9)] }],
        // A device deleted meanwhile is skipped.
        [999_999, 'wireless', { interfaces: [wifi('ghost', 1)] }],
      ],
      later,
    );
    const north = await get(adminA, `/api/devices/${ids.north}/wireless`);
    expect(north.body.data).toEqual([
      expect.objectContaining({
        ssid: 'north-renamed',
        clients_count: 12,
        updated_at: toApiDate(later),
      }),
    ]);
    const east = await hotspotRows(adminA);
    expect(east.map((row) => [row.ssid, row.online_users])).toEqual([['Staff', 4]]);
    // The hotspot reading left east's Wi-Fi as it was.
    expect(await ssids(adminA, `company_id=${childA.id}`)).toEqual(['east-2g']);
  });

  it('answers the byte counters of the latest reading as received and sent', async () => {
    const counters = { rx: 5_000_000_000, tx: 1_234 };
    await flush([
      [ids.north, 'wireless', { interfaces: [wifi('north-counted', 2, '5GHz', counters)] }],
    ]);
    const [own] = (await get(adminA, `/api/devices/${ids.north}/wireless`)).body.data;
    expect(own).toMatchObject({ ssid: 'north-counted', received: 5_000_000_000, sent: 1_234 });
    // The fleet-wide list gives them as text, as RMS does.
    const [listed] = await wirelessRows(endUserA);
    expect(listed).toMatchObject({ ssid: 'north-counted', received: '5000000000', sent: '1234' });
  });

  it('stores an out-of-range client count as the largest integer instead of failing', async () => {
    await flush([[ids.north, 'wireless', { interfaces: [wifi('north-busy', 5_000_000_000)] }]]);
    expect(await wirelessRows(endUserA)).toEqual([
      expect.objectContaining({ ssid: 'north-busy', clients: 2_147_483_647 }),
    ]);
  });

  it('clears a device that reports no interfaces, and a deleted device takes its rows along', async () => {
    await flush([[ids.north, 'wireless', { interfaces: [] }]]);
    expect(await ssids(endUserA)).toEqual([]);
    await t.db.delete(devices).where(eq(devices.id, ids.east));
    expect(await hotspotRows(adminA)).toEqual([]);
  });
});
