import type { WirelessGraphPoint } from '@netfleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '@test/app';
import { insertDevice } from '@test/fake-gateway';
import type { TestSession } from '@test/session';
import {
  createWirelessFleet,
  flushReadings,
  getJson,
  wifi,
  type WirelessFleet,
} from './wireless.fixtures';
import { createWirelessRepository } from './wireless.repository';

let t: TestApp;
let fleet: WirelessFleet;

beforeAll(async () => {
  t = await buildTestApp();
  fleet = await createWirelessFleet(t);
});
afterAll(() => t.close());

describe('GET /api/devices/:id/wireless/graph', () => {
  let graphDevice = 0;
  const at = (minutes: number) => new Date(Date.UTC(2026, 2, 2, 8, minutes));
  const range = 'from=2026-03-02 08:00:00&to=2026-03-02 09:00:00';
  const graph = (session: TestSession, query: string, id = graphDevice) =>
    getJson(t, session, `/api/devices/${id}/wireless/graph?${query}`);
  /** The 2.4 GHz radio's counters at each reading (the 5 GHz one reports none, as old agents). */
  const COUNTERS = [
    { rx: 1_000, tx: 2_000 },
    { rx: 4_000, tx: 2_600 },
    { rx: 4_500, tx: 9_000 },
  ];

  beforeAll(async () => {
    graphDevice = (await insertDevice(t.db, fleet.treeA, { name: 'graphs', model: 'RUTX11' })).id;
    for (const [i, [minute, clients]] of (
      [
        [5, 1],
        [10, 3],
        [20, 6],
      ] as const
    ).entries()) {
      await flushReadings(
        t,
        [
          [
            graphDevice,
            'wireless',
            {
              interfaces: [
                wifi('graph-2g', clients, '2.4GHz', COUNTERS[i]),
                wifi('graph-5g', clients * 10, '5GHz'),
              ],
            },
          ],
        ],
        at(minute),
      );
    }
    // Outside the range asked below.
    await flushReadings(
      t,
      [[graphDevice, 'wireless', { interfaces: [wifi('graph-2g', 99), wifi('graph-5g', 99)] }]],
      new Date(Date.UTC(2026, 2, 2, 12, 0)),
    );
  });

  it('answers each asked interface’s clients over the range, in the order asked', async () => {
    const answer = await graph(fleet.adminA, `wlan=1,0&${range}`);
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
    const first = answer.body.data[1]['0'] as WirelessGraphPoint[];
    expect(first.map((point) => point.clients_count)).toEqual([1, 3, 6]);
    // Traffic is what the counters moved since the previous point; the first point has none.
    expect(first.map((point) => [point.interval, point.received, point.sent])).toEqual([
      [null, null, null],
      ['300', 3_000, 600],
      ['600', 500, 6_400],
    ]);
    // A repeated parameter picks the same interfaces.
    const repeated = await graph(fleet.adminA, `wlan=0&wlan=1&${range}`);
    expect(repeated.body.data.map((entry: object) => Object.keys(entry)[0])).toEqual(['0', '1']);
  });

  it('defaults to a day around the bound given, and refuses a range past 31 days', async () => {
    const day = await graph(fleet.adminA, 'wlan=0&to=2026-03-02 13:00:00');
    expect(day.status).toBe(200);
    expect(day.body.data[0]['0'].map((p: { clients_count: number }) => p.clients_count)).toEqual([
      1, 3, 6, 99,
    ]);
    // Now (2026-11-30 or later): the March readings are past the default day.
    expect((await graph(fleet.adminA, 'wlan=0')).body.data).toEqual([{ '0': [] }]);
    const long = await graph(fleet.adminA, 'wlan=0&from=2026-01-01&to=2026-03-02');
    expect(long.status).toBe(400);
    const reversed = await graph(fleet.adminA, 'wlan=0&from=2026-03-02&to=2026-03-01');
    expect(reversed.status).toBe(400);
    // An unparsable bound beside a valid one reached the range check as text: a 500.
    const garbled = await graph(fleet.adminA, 'wlan=0&from=%5C&to=2026-03-02 09:00:00');
    expect(garbled.status).toBe(400);
    expect(garbled.body.errors?.[0]).toMatchObject({ code: 'VALIDATION_ERROR', source: 'from' });
    // `from` alone: the day from it.
    const since = await graph(fleet.adminA, 'wlan=0&from=2026-03-02 08:07:00');
    expect(since.body.data[0]['0'].map((p: { clients_count: number }) => p.clients_count)).toEqual([
      3, 6, 99,
    ]);
  });

  it('thins a long series evenly in SQL, per interface', async () => {
    const repository = createWirelessRepository(t.db);
    const rows = await repository.graph(graphDevice, [0, 1], { from: at(0), to: at(59) }, 2);
    // Three readings, at most two points: every second one, with the traffic of both intervals.
    expect(rows.map((row) => [row.idx, row.clients, row.received, row.sent])).toEqual([
      [0, 1, null, null],
      [0, 6, 3_500, 7_000],
      [1, 10, null, null],
      [1, 60, null, null],
    ]);
  });

  it('starts again after a counter reset instead of answering negative traffic', async () => {
    const device = (await insertDevice(t.db, fleet.treeA, { name: 'rebooted', model: 'RUTX11' }))
      .id;
    // A reboot between the third and fourth reading: the counters start again from zero.
    const counters = [100, 300, 600, 50, 250];
    for (const [i, rx] of counters.entries()) {
      const reading = { interfaces: [wifi('reboot-2g', 1, '2.4GHz', { rx, tx: rx * 2 })] };
      await flushReadings(t, [[device, 'wireless', reading]], at(i * 5));
    }
    const answer = await graph(fleet.adminA, `wlan=0&${range}`, device);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const points = answer.body.data[0]['0'] as WirelessGraphPoint[];
    expect(points.map((point) => [point.received, point.sent])).toEqual([
      [null, null],
      [200, 400],
      [300, 600],
      [null, null],
      [200, 400],
    ]);
    // Thinned to every second reading, a point sums the intervals it stands for; the one across
    // the reset is left out rather than counted negative.
    const thinned = await createWirelessRepository(t.db).graph(
      device,
      [0],
      { from: at(0), to: at(59) },
      3,
    );
    expect(thinned.map((row) => [row.ts.getTime(), row.received, row.sent])).toEqual([
      [at(0).getTime(), null, null],
      [at(10).getTime(), 500, 1_000],
      [at(20).getTime(), 200, 400],
    ]);
  });

  it('refuses interfaces the device does not list with a 422 naming wlan', async () => {
    const unknown = await graph(fleet.adminA, `wlan=0,7&${range}`);
    expect(unknown.status).toBe(422);
    expect(unknown.body).toMatchObject({
      success: false,
      errors: [{ code: expect.any(String), source: 'wlan' }],
    });
    for (const query of ['', 'wlan=', 'wlan=abc', 'wlan=-1', 'wlan=100']) {
      const answer = await graph(fleet.adminA, query);
      expect(answer.status, query).toBe(400);
      expect(answer.body.success).toBe(false);
    }
  });

  it('is scoped to the caller’s companies and needs the Wi-Fi permission', async () => {
    expect((await graph(fleet.adminA, 'wlan=0', fleet.ids.beta)).status).toBe(404);
    expect((await graph(fleet.adminA, 'wlan=0', 999999)).status).toBe(404);
    expect((await graph(fleet.endUserA, 'wlan=0', fleet.ids.east)).status).toBe(404);
    expect((await graph(fleet.devicesOnly, 'wlan=0')).status).toBe(403);
  });
});
