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
import { createGatewayRepository } from '@/modules/fleet/device-gateway/gateway.repository';
import {
  bufferedReading,
  createTelemetryBuffer,
} from '@/modules/fleet/device-gateway/telemetry-buffer';
import { storeTelemetry } from '@/modules/fleet/device-gateway/telemetry-store';
import { createUserWithPermissions } from '@/modules/organisation/roles/roles.fixtures';
import { buildTestApp, type TestApp } from '@test/app';
import { createCompany, createUser } from '@test/factories';
import { insertDevice } from '@test/fake-gateway';
import { createWirelessRepository } from './wireless.repository';
import { loginAs, type TestSession } from '@test/session';

let t: TestApp;
let treeA: CompanyRow;
let childA: CompanyRow;
let treeB: CompanyRow;
let adminA: TestSession;
let endUserA: TestSession;
let devicesOnly: TestSession;
const ids: Record<'north' | 'east' | 'beta', number> = { north: 0, east: 0, beta: 0 };

const wifi = (ssid: string, clients: number, band: '2.4GHz' | '5GHz' = '2.4GHz') => ({
  ssid,
  band,
  channel: band === '5GHz' ? 36 : 6,
  clients,
  enabled: true,
});
const hotspot = (index: number, ssid: string, usersActive: number) => ({
  index,
  ssid,
  users_active: usersActive,
  rx: 100 * usersActive,
  tx: 200 * usersActive,
});

/** Readings through the gateway's own buffer and flush, as MQTT messages would arrive. */
const flush = async (
  readings: [number, TelemetryCategory, unknown][],
  receivedAt = new Date('2026-03-01T10:00:00Z'),
) => {
  const buffer = createTelemetryBuffer({ retentionDays: 30 });
  for (const [deviceId, category, data] of readings) {
    expect(
      buffer.add(
        deviceId,
        category,
        bufferedReading(
          category,
          Buffer.from(JSON.stringify({ ts: receivedAt.getTime(), data })),
          undefined,
        ),
        receivedAt,
      ),
    ).toBe(true);
  }
  const { error } = await storeTelemetry(createGatewayRepository(t.db), buffer.drain());
  expect(error).toBeUndefined();
};

const get = async (session: TestSession, url: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers: session.headers });
  return { status: response.statusCode, body: JSON.parse(response.body) };
};

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
  treeA = await createCompany(t.db, { name: 'Alpha' });
  childA = await createCompany(t.db, { parent: treeA, name: 'Alpha Child' });
  treeB = await createCompany(t.db, { name: 'Beta' });
  adminA = await loginAs(t.app, await createUser(t.db, 'admin', { company: treeA }));
  endUserA = await loginAs(t.app, await createUser(t.db, 'end_user', { company: treeA }));
  devicesOnly = await loginAs(
    t.app,
    await createUserWithPermissions(t.db, treeA, ['view_devices', 'access_child_companies']),
  );
  ids.north = (await insertDevice(t.db, treeA, { name: 'north', model: 'RUTX11' })).id;
  ids.east = (await insertDevice(t.db, childA, { name: 'east', model: 'RUT360' })).id;
  ids.beta = (await insertDevice(t.db, treeB, { name: 'beta', model: 'RUTX11' })).id;
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

describe('GET /api/devices/:id/wireless/graph', () => {
  let graphDevice = 0;
  const at = (minutes: number) => new Date(Date.UTC(2026, 2, 2, 8, minutes));
  const range = 'from=2026-03-02 08:00:00&to=2026-03-02 09:00:00';
  const graph = (session: TestSession, query: string, id = graphDevice) =>
    get(session, `/api/devices/${id}/wireless/graph?${query}`);

  beforeAll(async () => {
    graphDevice = (await insertDevice(t.db, treeA, { name: 'graphs', model: 'RUTX11' })).id;
    for (const [minute, clients] of [
      [5, 1],
      [10, 3],
      [20, 6],
    ] as const) {
      await flush(
        [
          [
            graphDevice,
            'wireless',
            { interfaces: [wifi('graph-2g', clients), wifi('graph-5g', clients * 10, '5GHz')] },
          ],
        ],
        at(minute),
      );
    }
    // Outside the range asked below.
    await flush(
      [[graphDevice, 'wireless', { interfaces: [wifi('graph-2g', 99), wifi('graph-5g', 99)] }]],
      new Date(Date.UTC(2026, 2, 2, 12, 0)),
    );
  });

  it('answers each asked interface’s clients over the range, in the order asked', async () => {
    const answer = await graph(adminA, `wlan=1,0&${range}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toEqual([
      {
        '1': [
          {
            created_at: '2026-03-02 08:05:00',
            interval: null,
            received: null,
            sent: null,
            clients_count: 10,
          },
          {
            created_at: '2026-03-02 08:10:00',
            interval: '300',
            received: null,
            sent: null,
            clients_count: 30,
          },
          {
            created_at: '2026-03-02 08:20:00',
            interval: '600',
            received: null,
            sent: null,
            clients_count: 60,
          },
        ],
      },
      { '0': expect.any(Array) },
    ]);
    const first = answer.body.data[1]['0'] as { clients_count: number }[];
    expect(first.map((point) => point.clients_count)).toEqual([1, 3, 6]);
    // A repeated parameter picks the same interfaces.
    const repeated = await graph(adminA, `wlan=0&wlan=1&${range}`);
    expect(repeated.body.data.map((entry: object) => Object.keys(entry)[0])).toEqual(['0', '1']);
  });

  it('defaults to a day around the bound given, and refuses a range past 31 days', async () => {
    const day = await graph(adminA, 'wlan=0&to=2026-03-02 13:00:00');
    expect(day.status).toBe(200);
    expect(day.body.data[0]['0'].map((p: { clients_count: number }) => p.clients_count)).toEqual([
      1, 3, 6, 99,
    ]);
    // Now (2026-11-30 or later): the March readings are past the default day.
    expect((await graph(adminA, 'wlan=0')).body.data).toEqual([{ '0': [] }]);
    const long = await graph(adminA, 'wlan=0&from=2026-01-01&to=2026-03-02');
    expect(long.status).toBe(400);
    const reversed = await graph(adminA, 'wlan=0&from=2026-03-02&to=2026-03-01');
    expect(reversed.status).toBe(400);
    // `from` alone: the day from it.
    const since = await graph(adminA, 'wlan=0&from=2026-03-02 08:07:00');
    expect(since.body.data[0]['0'].map((p: { clients_count: number }) => p.clients_count)).toEqual([
      3, 6, 99,
    ]);
  });

  it('thins a long series evenly in SQL, per interface', async () => {
    const repository = createWirelessRepository(t.db);
    const rows = await repository.graph(graphDevice, [0, 1], { from: at(0), to: at(59) }, 2);
    // Three readings, at most two points: every second one.
    expect(rows.map((row) => [row.idx, row.clients])).toEqual([
      [0, 1],
      [0, 6],
      [1, 10],
      [1, 60],
    ]);
  });

  it('refuses interfaces the device does not list with a 422 naming wlan', async () => {
    const unknown = await graph(adminA, `wlan=0,7&${range}`);
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({
      success: false,
      errors: [{ code: expect.any(String), source: 'wlan' }],
    });
    for (const query of ['', 'wlan=', 'wlan=abc', 'wlan=-1', 'wlan=100']) {
      const answer = await graph(adminA, query);
      expect(answer.status, query).toBe(400);
      expect(answer.body.success).toBe(false);
    }
  });

  it('is scoped to the caller’s companies and needs the Wi-Fi permission', async () => {
    expect((await graph(adminA, 'wlan=0', ids.beta)).status).toBe(404);
    expect((await graph(adminA, 'wlan=0', 999999)).status).toBe(404);
    expect((await graph(endUserA, 'wlan=0', ids.east)).status).toBe(404);
    expect((await graph(devicesOnly, 'wlan=0')).status).toBe(403);
  });
});
