import { topics } from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceDataUsage } from '@/db/schema';
import { deviceTelemetry } from '@/db/telemetry-table';
import {
  buildDeviceTestApp,
  connectDevice,
  createPendingDevice,
  type DeviceTestApp,
  enrol,
  waitFor,
} from '@test/devices';

const TOKEN = 'metrics-token-0123456789';

const reading = () => ({
  ts: Date.now(),
  data: {
    uptime: 60,
    temperature: null,
    wan_state: 'mobile',
    modems: [
      {
        modem: 1,
        sim: 1,
        signal: -70,
        operator: 'Telia',
        network_state: 'registered',
        connection_type: 'LTE',
        rx: 1000,
        tx: 500,
      },
    ],
  },
});

let t: DeviceTestApp;
let closed = false;
beforeAll(async () => {
  t = await buildDeviceTestApp({ config: { metricsToken: TOKEN } });
});
afterAll(async () => {
  if (!closed) await t.close();
});

const metrics = async () =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    })
  ).body;

describe('health with a device gateway', () => {
  it('counts connected devices and accepted readings; the last flush happens at close', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ checks: { broker: { status: 'ok' } } });

    const pending = await createPendingDevice(t.db);
    const answer = await enrol(t.mqttUrl, pending);
    if (!answer.ok) throw new Error('enrolment refused');
    const device = await connectDevice(t.mqttUrl, {
      deviceId: answer.device_id,
      username: answer.username,
      password: answer.password,
    });
    await waitFor(() => t.gateway.link.isOnline(pending.id));
    await device.publishAsync(topics.telemetry(pending.id, 'dynamic'), JSON.stringify(reading()), {
      qos: 1,
    });
    const text = await metrics();
    expect(text).toMatch(/^netfleet_devices_connected 1$/m);
    expect(text).toMatch(/^netfleet_readings_total 1$/m);
    expect(text).toMatch(/^netfleet_gateway_buffer_rows \d+$/m);

    // As server.ts shuts down: the broker, then the app, whose gateway writes what it buffered.
    // Data usage is written every 15 s, or by that last flush.
    await t.broker.close();
    const down = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ status: 'fail', checks: { broker: { status: 'fail' } } });
    await t.app.close();
    const rows = await t.db
      .select()
      .from(deviceTelemetry)
      .where(eq(deviceTelemetry.deviceId, pending.id));
    expect(rows).toHaveLength(1);
    const usage = await t.db
      .select()
      .from(deviceDataUsage)
      .where(eq(deviceDataUsage.deviceId, pending.id));
    expect(usage.map(({ rx, tx }) => ({ rx, tx }))).toEqual([{ rx: 1000, tx: 500 }]);
    device.end(true);
    await t.close();
    closed = true;
  });
});
