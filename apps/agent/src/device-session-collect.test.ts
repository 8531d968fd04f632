import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ackMessageSchema,
  collectMessageSchema,
  topics,
  type CollectConfig,
  type CollectMessage,
} from '@netfleet/contracts';
import { DeviceSession } from './device-session.ts';
import { runSimCommand } from './sim/sim-commands.ts';
import { SimDevice } from './sim/sim-device.ts';
import { simLocalApi } from './sim/sim-local-api.ts';
import { simReading } from './sim/sim-readings.ts';
import { TestBroker, waitFor } from './testing/test-broker.ts';
import type { Credential } from './types.ts';

// Data collection over MQTT: a simulated RUTX14 (index 9) with a real broker. The clock is fake
// but moves on with real time, so the connection works and a period can be skipped at once.

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

const signal: CollectConfig = {
  id: 3,
  period: 60,
  data: [
    {
      url: '/modems/status',
      variables: [
        { id: 'rsrp', filter: '$.http_body.data[@.primary=true].rsrp', type: 'number' },
        { id: 'rssi', filter: '$.http_body.data[@.primary=true].rssi', type: 'integer' },
      ],
    },
  ],
};

const start = (credential: Credential, collectConfigs?: CollectConfig[]) => {
  const device = new SimDevice(9, 42);
  const session = new DeviceSession({
    mqttUrl: broker.url,
    credential,
    agent: 'test/1',
    // No pings: skipping a period must not look like a dead connection.
    keepalive: 0,
    ...(collectConfigs ? { collectConfigs } : {}),
    behaviour: {
      identity: () => device.identity(),
      uptime: () => device.uptime(),
      read: (category) => simReading(device, category),
      execute: (command, context) => runSimCommand(device, command, context, { rebootMs: 100 }),
      localApi: simLocalApi(device),
    },
  });
  sessions.push(session);
  session.start();
  return { session, device };
};

const collected = (id: number): CollectMessage[] =>
  broker.on(topics.collect(id)).map((m) => collectMessageSchema.parse(m));
const finalAck = (id: number, job: number) =>
  broker
    .on(topics.ack(id))
    .map((a) => ackMessageSchema.parse(a))
    .find((a) => a.id === job && a.status !== 'received');
const command = (id: number, args: unknown) => ({
  id,
  type: 'collect_config',
  args,
  expires_at: Date.now() + 60_000,
});

describe('data collection on a device session', () => {
  it('collects at once and every period after a collect_config, and stops with an empty set', async () => {
    const credential = broker.addDevice();
    const id = credential.device_id;
    const { device } = start(credential);
    await waitFor(() => broker.on(topics.hello(id)).length > 0);

    await broker.publish(topics.command(id), command(31, { configs: [signal] }));
    await waitFor(() => collected(id).length === 1);
    expect(finalAck(id, 31)).toEqual({
      id: 31,
      status: 'completed',
      message: 'Collecting 1 config',
    });
    const first = collected(id)[0];
    expect(first).toEqual({
      ts: expect.any(Number),
      config_id: 3,
      data: { '/modems/status': { rsrp: expect.any(Number), rssi: device.modems[0]?.signal } },
      log: [],
    });
    // Not retained: the server takes each run as it comes.
    expect(broker.messages.find((m) => m.topic === topics.collect(id))?.retain).toBe(false);

    await vi.advanceTimersByTimeAsync(60_000);
    await waitFor(() => collected(id).length === 2);
    expect((collected(id)[1]?.ts ?? 0) - (first?.ts ?? 0)).toBeGreaterThanOrEqual(60_000);

    await broker.publish(topics.command(id), command(32, { configs: [] }));
    await waitFor(() => finalAck(id, 32));
    expect(finalAck(id, 32)).toEqual({
      id: 32,
      status: 'completed',
      message: 'Data collection stopped',
    });
    await vi.advanceTimersByTimeAsync(180_000);
    expect(collected(id)).toHaveLength(2);
  });

  it('rejects a collect_config whose args do not fit, and collects nothing', async () => {
    const credential = broker.addDevice();
    const id = credential.device_id;
    start(credential);
    await waitFor(() => broker.on(topics.hello(id)).length > 0);
    await broker.publish(topics.command(id), command(41, { configs: [{ ...signal, period: 10 }] }));
    await waitFor(() => finalAck(id, 41));
    expect(finalAck(id, 41)).toEqual({
      id: 41,
      status: 'rejected',
      message: expect.stringMatching(/^invalid args\.configs\.0\.period: /),
    });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(collected(id)).toEqual([]);
  });

  it('collects the saved set once connected, only while connected, and not after stop', async () => {
    const credential = broker.addDevice();
    const id = credential.device_id;
    const { session } = start(credential, [signal]);
    await waitFor(() => collected(id).length === 1);

    broker.dropClient(credential.username);
    await waitFor(() => broker.on(topics.hello(id)).length === 2, 5000);
    // Back within the period: the run falls due on the cadence it had, not at the reconnect.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(collected(id)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(60_000);
    await waitFor(() => collected(id).length === 2);

    // Away for 2.5 periods: nothing runs meanwhile (nor waits in the queue); one run on return.
    const away = Date.now();
    const back = session.goOffline(150_000);
    await vi.advanceTimersByTimeAsync(150_000);
    await back;
    await waitFor(() => collected(id).length === 3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(collected(id)).toHaveLength(3);
    expect(collected(id)[2]?.ts).toBeGreaterThanOrEqual(away + 150_000);

    await session.stop();
    await vi.advanceTimersByTimeAsync(180_000);
    expect(collected(id)).toHaveLength(3);
  });
});
