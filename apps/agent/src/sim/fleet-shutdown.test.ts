import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { topics } from '@netfleet/contracts';
import { TestBroker, waitFor } from '../testing/test-broker.ts';
import { startFleet } from './fleet.ts';
import { FleetState } from './fleet-state.ts';
import { SimDevice } from './sim-device.ts';

let broker: TestBroker;
let dir: string;

beforeEach(async () => {
  broker = await TestBroker.start();
  dir = mkdtempSync(join(tmpdir(), 'nf-fleet-shutdown-'));
});
afterEach(async () => {
  await broker.close();
  rmSync(dir, { recursive: true, force: true });
});

const DEVICES = 20;
const AFTER_MS = 500;
const WINDOW_MS = 3000;

describe('a fleet told the server is stopping', () => {
  it('comes back spread over the window, not in one storm', async () => {
    const seed = 9;
    const statePath = join(dir, 'state.json');
    const state = await FleetState.load(statePath);
    const credentials = Array.from({ length: DEVICES }, (_, index) => {
      const credential = broker.addDevice();
      state.set(new SimDevice(index, seed).serial, credential);
      return credential;
    });
    await state.flush();
    const fleet = await startFleet({ devices: DEVICES, seed, mqttUrl: broker.url, statePath });
    await fleet.ramped;
    await waitFor(() => fleet.counters.connected === DEVICES);

    const logins: number[] = [];
    const authenticate = broker.broker.authenticate;
    broker.broker.authenticate = (client, username, password, done) => {
      logins.push(Date.now());
      authenticate(client, username, password, done);
    };
    await broker.publish(topics.control, {
      type: 'server_shutdown',
      reconnect_after_ms: AFTER_MS,
      reconnect_window_ms: WINDOW_MS,
    });
    // The QoS 0 notice is on every socket before the broker lets go of them.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const dropped = Date.now();
    for (const { username } of credentials) broker.dropClient(username);
    await waitFor(() => logins.length === DEVICES, AFTER_MS + WINDOW_MS + 5000);
    await waitFor(() => fleet.counters.connected === DEVICES);
    await fleet.stop();

    const after = logins.map((at) => at - dropped).sort((a, b) => a - b);
    // Nobody before the time the server gave…
    expect(after[0]).toBeGreaterThanOrEqual(AFTER_MS - 250);
    // …and not all in its first second: uniform over 3 s, 20 devices all landing in one third of
    // it happens once in 3^20 runs.
    const first = after[0] ?? 0;
    expect(after.filter((at) => at < first + 1000).length).toBeLessThan(DEVICES);
    expect((after.at(-1) ?? 0) - first).toBeGreaterThan(1000);
  }, 20_000);
});
