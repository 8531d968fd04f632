import { toApiDate } from '@netfleet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceLogs } from '@/db/schema';
import { deviceTelemetry } from '@/db/telemetry-table';
import type { TestApp } from '@test/app';
import type { TestSession } from '@test/session';
import { createReadFixture, type ReadFixture } from './devices-read.fixtures';

let t: TestApp;
let call: ReadFixture['call'];
let adminA: TestSession;
let ids: Record<string, number>;

beforeAll(async () => {
  ({ t, call, adminA, ids } = await createReadFixture());
});
afterAll(() => t.close());

describe('device readings', () => {
  it('reads logs with their spec §8 message, newest first, only of visible devices', async () => {
    await t.db.insert(deviceLogs).values([
      { deviceId: ids.north ?? 0, code: 0, ip: '198.51.100.7' },
      { deviceId: ids.north ?? 0, code: 7, reason: 'x' },
      { deviceId: ids.beta ?? 0, code: 14 },
    ]);
    const logs = await call(adminA, 'GET', `/api/devices/${ids.north}/logs`);
    expect(logs.body.data.map((l: { code: number }) => l.code)).toEqual([7, 0]);
    expect(logs.body.data[1].message).toBe('Device has attempted to connect to the system');
    // RMS's fields beside ours: the device's company and serial, whether it got in, the log text.
    const [refused, enrolled] = logs.body.data;
    expect(enrolled).toMatchObject({
      company_id: expect.any(Number),
      serial: expect.any(String),
      type: 'connection',
      status: true,
      log: 'Device has attempted to connect to the system',
      ip: '198.51.100.7',
      user_id: null,
      user_agent: null,
    });
    expect(refused).toMatchObject({ status: false, ip: null, serial: enrolled.serial });
    const all = await call(adminA, 'GET', '/api/devices/logs?limit=10');
    expect(all.body.data.map((l: { device_id: number }) => l.device_id)).not.toContain(ids.beta);
    expect(all.body.meta?.total).toBe(2);
  });

  it('serves time series thinned to 1000 points, history, parameters and datetimes', async () => {
    const id = ids.north ?? 0;
    const start = Date.now() - 3 * 60 * 60 * 1000;
    const rows = Array.from({ length: 2500 }, (_, i) => ({
      deviceId: id,
      category: 0,
      ts: new Date(start + i * 1000),
      receivedAt: new Date(),
      data: { uptime: i, temperature: 360 } as Record<string, unknown>,
    }));
    // The reading the history is asked about carries a modem, like a real one.
    const modem = {
      modem: 1,
      sim: 2,
      signal: -71,
      operator: 'Tele2',
      network_state: 'registered',
      connection_type: 'LTE',
      rx: 10,
      tx: 5,
    };
    const withModem = { uptime: 600, temperature: 360, wan_state: 'mobile', wan_ip: '10.0.0.7' };
    const asked = rows[600];
    if (asked) asked.data = { ...withModem, modems: [modem] };
    await t.db.insert(deviceTelemetry).values(rows);
    await t.db.insert(deviceTelemetry).values({
      deviceId: id,
      category: 1,
      ts: new Date(start),
      receivedAt: new Date(),
      data: {
        hostname: 'north',
        lan_ip: null,
        sims: [
          { slot: 1, iccid: '8937000000000000001', imsi: null },
          { slot: 2, iccid: '8937000000000000002', imsi: null },
        ],
      },
    });
    await t.db.insert(deviceTelemetry).values({
      deviceId: id,
      category: 3,
      ts: new Date(start + 500_000),
      receivedAt: new Date(),
      data: { latitude: 54.68, longitude: 25.27, speed: 3 },
    });
    const series = await call(adminA, 'GET', `/api/devices/${id}/information/dynamic`);
    expect(series.status, series.text).toBe(200);
    expect(series.body.data.length).toBeLessThanOrEqual(1000);
    expect(series.body.data.length).toBeGreaterThan(800);
    expect(series.body.data[0].data.uptime).toBe(0);

    const at = new Date(start + 600_000).toISOString();
    const history = await call(
      adminA,
      'GET',
      `/api/devices/${id}/information-history?datetime=${at}`,
    );
    // RMS's flat row of the device at that time, every category's reading beside it.
    expect(history.body.data).toHaveLength(1);
    const [row] = history.body.data;
    expect(row).toMatchObject({
      device_id: id,
      sim_slot: 2,
      signal: -71,
      operator: 'Tele2',
      network_state: 'registered',
      connection_type: 'LTE',
      temperature: 360,
      router_uptime: 600,
      wan_state: 'mobile',
      wan_ip: '10.0.0.7',
      iccid: '8937000000000000002',
      firmware: null,
      sim_state: null,
      cell_id: null,
      rx_day: null,
    });
    expect(row.readings.dynamic.data.uptime).toBe(600);
    expect(row.readings.gps.data.latitude).toBe(54.68);
    expect(row.readings.static.datetime).toBe(new Date(start).toISOString());
    const before = await call(
      adminA,
      'GET',
      `/api/devices/${id}/information-history?datetime=${new Date(start - 1000).toISOString()}`,
    );
    expect(before.body.data).toEqual([]);
    const parameterUrl = (name: string) =>
      `/api/devices/${id}/information-history/parameter?datetime=${at}&parameter=${name}`;
    const parameter = await call(adminA, 'GET', parameterUrl('uptime'));
    expect(parameter.body.data).toEqual([
      {
        uptime: '600',
        created_at: toApiDate(new Date(start + 600_000)),
        parameter: 'uptime',
        category: 'dynamic',
        value: 600,
      },
    ]);
    // RMS's parameters are the history row's fields, as text.
    const signal = await call(adminA, 'GET', parameterUrl('signal'));
    expect(signal.body.data).toEqual([
      {
        signal: '-71',
        created_at: toApiDate(new Date(start + 600_000)),
        parameter: 'signal',
        category: 'dynamic',
        value: -71,
      },
    ]);
    const iccid = await call(adminA, 'GET', parameterUrl('iccid'));
    expect(iccid.body.data[0]).toMatchObject({
      iccid: '8937000000000000002',
      created_at: toApiDate(new Date(start)),
      category: 'static',
    });
    expect((await call(adminA, 'GET', parameterUrl('nothing'))).body).toEqual({
      success: true,
      data: [],
      meta: { total: 0 },
    });
    const datetimes = await call(
      adminA,
      'GET',
      `/api/devices/${id}/information-history/datetimes?limit=2`,
    );
    // RMS's shape: the times by day, newest first.
    const latest = new Date(start + 2499_000).toISOString();
    const previous = new Date(start + 2498_000).toISOString();
    expect(datetimes.body.data.flatMap((day: { times: string[] }) => day.times)).toEqual([
      latest,
      previous,
    ]);
    expect(datetimes.body.data[0].date).toBe(latest.slice(0, 10));
    const locations = await call(adminA, 'GET', `/api/devices/${id}/locations/history`);
    expect(locations.body.data).toEqual([
      expect.objectContaining({ latitude: 54.68, longitude: 25.27, speed: 3, altitude: null }),
    ]);
    expect((await call(adminA, 'GET', `/api/devices/${ids.beta}/information/gps`)).status).toBe(
      404,
    );
    const inverted = `/api/devices/${id}/information/io?start_date=2024-02-01&end_date=2024-01-01`;
    expect((await call(adminA, 'GET', inverted)).status).toBe(400);
  });
});
