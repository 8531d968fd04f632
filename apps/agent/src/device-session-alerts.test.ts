import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ackMessageSchema,
  type AlertMessage,
  alertMessageSchema,
  type AlertsConfigArgs,
  deviceAlertConfigSchema,
  topics,
} from '@netfleet/contracts';
import { DeviceSession } from './device-session.ts';
import { runSimCommand } from './sim/sim-commands.ts';
import { SimDevice } from './sim/sim-device.ts';
import { simReading } from './sim/sim-readings.ts';
import { TestBroker, waitFor } from './testing/test-broker.ts';
import type { Credential } from './types.ts';

// Device alerts over MQTT: a simulated device with a modem evaluates its alert set on the readings
// it sends; `nf-sim pin` drives the signal. The clock is fake but moves on with real time.

let broker: TestBroker;
const sessions: DeviceSession[] = [];

beforeEach(async () => {
  vi.useFakeTimers({
    shouldAdvanceTime: true,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
  broker = await TestBroker.start();
});
afterEach(async () => {
  await Promise.all(sessions.splice(0).map((s) => s.stop()));
  await broker.close();
  vi.useRealTimers();
});

/** RMS's status change example: signal below -75 dBm, at most one event in 5 minutes. */
const weakSignal: AlertsConfigArgs = {
  version: 1,
  configs: [
    deviceAlertConfigSchema.parse({
      id: 12,
      alert_type_id: 3,
      alert_subtype_id: 9,
      redundancy_interval: 5,
    }),
  ],
};

const modemDevice = () => {
  for (let index = 0; ; index++) {
    const device = new SimDevice(index, 42);
    if (device.modems.length > 0) return device;
  }
};

const start = (credential: Credential, alertSet?: AlertsConfigArgs) => {
  const device = modemDevice();
  const session = new DeviceSession({
    mqttUrl: broker.url,
    credential,
    agent: 'test/1',
    keepalive: 0,
    ...(alertSet ? { alertSet } : {}),
    behaviour: {
      identity: () => device.identity(),
      uptime: () => device.uptime(),
      read: (category) => simReading(device, category),
      execute: (command, context) =>
        runSimCommand(device, command, context, {
          rebootMs: 100,
          onAlertsChanged: (changed) => void (saved = changed.alerts),
        }),
    },
  });
  let saved: AlertsConfigArgs | undefined;
  sessions.push(session);
  session.start();
  return { session, device, saved: () => saved };
};

const alerts = (id: number): AlertMessage[] =>
  broker.on(topics.alert(id)).map((m) => alertMessageSchema.parse(m));
const finalAck = (id: number, job: number) =>
  broker
    .on(topics.ack(id))
    .map((a) => ackMessageSchema.parse(a))
    .find((a) => a.id === job && a.status !== 'received');
let nextJob = 100;
const send = async (id: number, type: 'alerts_config' | 'command', args: object) => {
  const job = nextJob++;
  await broker.publish(topics.command(id), {
    id: job,
    type,
    args,
    expires_at: Date.now() + 60_000,
  });
  await waitFor(() => finalAck(id, job));
  return finalAck(id, job);
};
const pin = (id: number, signal: number) =>
  send(id, 'command', { command: `nf-sim pin signal=${signal}` });

describe('device alerts on a simulated device', () => {
  it('raises one event for a pinned weak signal, de-duplicated by redundancy_interval', async () => {
    const credential = broker.addDevice();
    const id = credential.device_id;
    const { saved } = start(credential);
    await waitFor(() => broker.on(topics.hello(id)).length > 0);

    expect(await send(id, 'alerts_config', weakSignal)).toEqual({
      id: expect.any(Number),
      status: 'completed',
      message: 'Watching 1 alert config',
    });
    expect(saved()).toEqual(weakSignal);
    await pin(id, -60);
    expect(alerts(id)).toEqual([]);

    await pin(id, -118);
    await waitFor(() => alerts(id).length === 1);
    expect(alerts(id)[0]).toEqual({
      ts: expect.any(Number),
      config_id: 12,
      alert_type_id: 3,
      alert_subtype_id: 9,
      text: 'Signal strength dropped below -75 dBm (-118 dBm)',
      values: { signal: -118 },
    });
    expect(broker.messages.find((m) => m.topic === topics.alert(id))?.retain).toBe(false);
    // Still weak: no second event; recovered and weak again within 5 minutes: de-duplicated.
    await pin(id, -118);
    await pin(id, -60);
    await pin(id, -118);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(alerts(id)).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(5 * 60_000);
    await pin(id, -60);
    await pin(id, -118);
    await waitFor(() => alerts(id).length === 2);

    expect(await send(id, 'alerts_config', { version: 2, configs: [] })).toMatchObject({
      status: 'completed',
      message: 'Alerts stopped',
    });
    expect(saved()).toBeUndefined();
    await pin(id, -60);
    await pin(id, -118);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(alerts(id)).toHaveLength(2);
  });

  it('watches the saved set from the start, and rejects a set that does not fit', async () => {
    const credential = broker.addDevice();
    const id = credential.device_id;
    start(credential, weakSignal);
    await waitFor(() => broker.on(topics.hello(id)).length > 0);
    await pin(id, -118);
    await waitFor(() => alerts(id).length === 1);
    expect(await send(id, 'alerts_config', { version: 3, configs: [{ id: 0 }] })).toMatchObject({
      status: 'rejected',
    });
  });
});
