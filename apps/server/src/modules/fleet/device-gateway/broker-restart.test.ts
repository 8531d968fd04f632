import { randomBytes } from 'node:crypto';
import { RECONNECT_BASE_MS, topics } from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { devices } from '@/db/schema';
import { deviceTelemetry } from '@/db/telemetry-table';
import { createEmbeddedBroker } from '@/plugins/broker-embedded';
import { createExternalBroker } from '@/plugins/broker-external';
import {
  buildDeviceTestApp,
  connectDevice,
  createPendingDevice,
  credentialOf,
  type DeviceTestApp,
  enrol,
  enrolOnline,
  type PendingDevice,
  waitFor,
} from '@test/devices';
import { startPrivateMosquitto } from '@test/mosquitto';

const MESSAGES = 300;
const RESTART_AT = 100;

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

/**
 * A device publishes QoS 1 telemetry while the broker goes away and comes back; every message the
 * broker acknowledged must end up in device_telemetry.
 */
const publishThroughOutage = async (
  t: DeviceTestApp,
  credentialFor: (pending: PendingDevice) => Promise<{ username: string; password: string }>,
  restart: () => Promise<void>,
  reconnectPeriod: number,
) => {
  const pending = await createPendingDevice(t.db);
  const credential = { deviceId: pending.id, ...(await credentialFor(pending)) };
  const device = await connectDevice(t.mqttUrl, credential, { reconnectPeriod });
  cleanup.push(() => device.endAsync(true));
  let outages = 0;
  device.on('close', () => (outages += 1));

  const base = Date.now() - 60_000;
  const acked: number[] = [];
  const sends: Promise<unknown>[] = [];
  for (let i = 0; i < MESSAGES; i += 1) {
    const reading = { ts: base + i, data: { latitude: 54, longitude: 25 + i / 1000 } };
    sends.push(
      device
        .publishAsync(topics.telemetry(pending.id, 'gps'), JSON.stringify(reading), { qos: 1 })
        .then(() => acked.push(base + i)),
    );
    if (i === RESTART_AT) await restart();
    if (i % 20 === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await Promise.allSettled(sends);
  expect(outages).toBeGreaterThan(0);
  expect(acked.length).toBeGreaterThan(RESTART_AT);

  const stored = async () =>
    new Set(
      (
        await t.db
          .select({ ts: deviceTelemetry.ts })
          .from(deviceTelemetry)
          .where(eq(deviceTelemetry.deviceId, pending.id))
      ).map((row) => row.ts.getTime()),
    );
  // An external broker may still be delivering what it queued while the server was away.
  const deadline = Date.now() + 10_000;
  let have = new Set<number>();
  do {
    await t.gateway.flush();
    have = await stored();
  } while (acked.some((ts) => !have.has(ts)) && Date.now() < deadline);
  expect(acked.filter((ts) => !have.has(ts))).toEqual([]);
};

const statusOf = async (t: DeviceTestApp, deviceId: number) => {
  const [row] = await t.db
    .select({ status: devices.status })
    .from(devices)
    .where(eq(devices.id, deviceId));
  return row?.status;
};

describe('broker restart', () => {
  it('embedded: loses no acknowledged message when the listener drops everyone', async () => {
    const broker = createEmbeddedBroker({ port: 0, host: '127.0.0.1' });
    const t = await buildDeviceTestApp({ broker });
    cleanup.push(() => t.close());
    await publishThroughOutage(
      t,
      async (pending) => credentialOf(await enrol(t.mqttUrl, pending)),
      () => broker.restartListener(),
      100,
    );
  });

  it('embedded: a crashed thread takes its devices offline, though no will comes', async () => {
    const broker = createEmbeddedBroker({ port: 0, host: '127.0.0.1' });
    const t = await buildDeviceTestApp({ broker });
    cleanup.push(() => t.close());
    const pending = await createPendingDevice(t.db);
    // It stays away after the crash: what the gateway shows is what the crash left.
    const { client: device } = await enrolOnline(t, pending, { reconnectPeriod: 0 });
    cleanup.push(() => device.endAsync(true));
    expect(await statusOf(t, pending.id)).toBe(1);

    await broker.terminateThread();
    await waitFor(() => !t.gateway.link.isOnline(pending.id));
    await t.gateway.flush();
    expect(await statusOf(t, pending.id)).toBe(0);
  });

  it.skipIf(!process.env.MQTT_URL)(
    'Mosquitto: loses no acknowledged message when the broker is stopped and restarted',
    async () => {
      const mosquitto = await startPrivateMosquitto();
      cleanup.push(() => mosquitto.close());
      const broker = createExternalBroker({
        url: mosquitto.url,
        clientId: `nf-test-${randomBytes(4).toString('hex')}`,
      });
      const t = await buildDeviceTestApp({ broker, mqttUrl: mosquitto.url });
      cleanup.push(() => t.close());
      // This Mosquitto lets anybody in; the device enrols through it all the same.
      await publishThroughOutage(
        t,
        async (pending) => credentialOf(await enrol(t.mqttUrl, pending)),
        () => mosquitto.restart(),
        // The protocol's shortest back-off (reconnectDelay(0) is at least half the base).
        RECONNECT_BASE_MS / 2,
      );
    },
    60_000,
  );
});
