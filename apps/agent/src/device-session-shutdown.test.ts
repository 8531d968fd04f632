import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { topics } from '@netfleet/contracts';
import { DeviceSession } from './device-session.ts';
import { SimDevice } from './sim/sim-device.ts';
import { simReading } from './sim/sim-readings.ts';
import { TestBroker, waitFor } from './testing/test-broker.ts';
import type { Credential } from './types.ts';

let broker: TestBroker;
let session: DeviceSession | null = null;

beforeEach(async () => {
  broker = await TestBroker.start();
});
afterEach(async () => {
  await session?.stop();
  session = null;
  await broker.close();
});

/** When the broker was asked to log each connection in, in epoch ms. */
const loginTimes = () => {
  const times: number[] = [];
  const authenticate = broker.broker.authenticate;
  broker.broker.authenticate = (client, username, password, done) => {
    times.push(Date.now());
    authenticate(client, username, password, done);
  };
  return times;
};

const start = (credential: Credential, random: () => number) => {
  const device = new SimDevice(3, 11);
  const logs: string[] = [];
  session = new DeviceSession({
    mqttUrl: broker.url,
    credential,
    agent: 'test/1',
    random,
    behaviour: {
      identity: () => device.identity(),
      uptime: () => device.uptime(),
      read: (category) => simReading(device, category),
      execute: () => Promise.resolve({ status: 'completed' }),
    },
    log: (message) => logs.push(message),
  });
  session.start();
  return logs;
};

describe('server shutdown notice', () => {
  it('waits at least reconnect_after_ms, and less than the window more, before connecting again', async () => {
    const credential = broker.addDevice();
    const times = loginTimes();
    // random 0: without the notice the first back-off step would be half a second.
    const logs = start(credential, () => 0);
    await waitFor(() => broker.on(topics.hello(credential.device_id)).length === 1);
    await broker.publish(topics.control, {
      type: 'server_shutdown',
      reconnect_after_ms: 1500,
      reconnect_window_ms: 30_000,
    });
    await waitFor(() => logs.some((line) => line.includes('server is stopping')));
    const dropped = Date.now();
    broker.dropClient(credential.username);
    await waitFor(() => broker.on(topics.hello(credential.device_id)).length === 2, 5000);

    const again = (times[1] ?? 0) - dropped;
    expect(times).toHaveLength(2);
    expect(again).toBeGreaterThanOrEqual(1500 - 50);
    expect(again).toBeLessThan(1500 + 30_000);
  });

  it('ignores a control message it does not understand, and reconnects with its back-off', async () => {
    const credential = broker.addDevice();
    const times = loginTimes();
    start(credential, () => 0);
    await waitFor(() => broker.on(topics.hello(credential.device_id)).length === 1);
    await broker.publish(topics.control, { type: 'server_shutdown', reconnect_after_ms: -1 });
    await broker.publish(topics.control, { type: 'something_newer' });
    const dropped = Date.now();
    broker.dropClient(credential.username);
    await waitFor(() => broker.on(topics.hello(credential.device_id)).length === 2, 5000);
    expect((times[1] ?? 0) - dropped).toBeLessThan(1500);
  });
});
