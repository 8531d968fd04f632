import { PROTOCOL_VERSION, topics } from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '@/db/schema';
import { deviceTelemetry } from '@/db/telemetry-table';
import {
  buildDeviceTestApp,
  connectDevice,
  createPendingDevice,
  credentialOf,
  type DeviceTestApp,
  enrol,
  isolatedExternalBroker,
  waitFor,
} from '@test/devices';

// The integration tier sets MQTT_URL (Mosquitto with anonymous access); without it, skipped.
const mqttUrl = process.env.MQTT_URL;

describe.skipIf(!mqttUrl)('device gateway through an external broker (MQTT_URL)', () => {
  let t: DeviceTestApp;
  beforeAll(async () => {
    const url = mqttUrl ?? '';
    t = await buildDeviceTestApp({ broker: isolatedExternalBroker(url), mqttUrl: url });
  });
  afterAll(() => t.close());

  it('enrols a device, takes it online and stores its telemetry', async () => {
    const pending = await createPendingDevice(t.db);
    const credential = credentialOf(await enrol(t.mqttUrl, pending));
    expect(credential.deviceId).toBe(pending.id);

    const device = await connectDevice(t.mqttUrl, credential);
    const config = new Promise<unknown>((resolve) =>
      device.once('message', (_topic, payload) => resolve(JSON.parse(payload.toString()))),
    );
    await device.subscribeAsync(topics.config(pending.id), { qos: 1 });
    await device.publishAsync(
      topics.hello(pending.id),
      JSON.stringify({
        v: PROTOCOL_VERSION,
        model: 'RUT955',
        firmware: 'RUT9_R_00.07.06.1',
        agent: 'test',
        serial: pending.serial,
      }),
      { qos: 1 },
    );
    expect(await config).toMatchObject({ periods: { dynamic: 300 } });
    await device.publishAsync(
      topics.telemetry(pending.id, 'gps'),
      JSON.stringify({ ts: Date.now(), data: { latitude: 54.69, longitude: 25.28 } }),
      { qos: 1 },
    );
    await waitFor(async () => {
      await t.gateway.flush();
      const rows = await t.db
        .select()
        .from(deviceTelemetry)
        .where(eq(deviceTelemetry.deviceId, pending.id));
      return rows.length === 1;
    });
    const [row] = await t.db.select().from(devices).where(eq(devices.id, pending.id));
    expect(row).toMatchObject({ status: 1, latitude: 54.69, longitude: 25.28 });
    // Retained state and config stay in the shared broker otherwise.
    await device.publishAsync(topics.state(pending.id), '', { qos: 1, retain: true });
    await device.publishAsync(topics.config(pending.id), '', { qos: 1, retain: true });
    await device.endAsync();
  });
});
