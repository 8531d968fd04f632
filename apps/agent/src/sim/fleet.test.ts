import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { topics } from '@netfleet/contracts';
import { STOP_TIMEOUT_MS } from '../session-end.ts';
import { TestBroker } from '../testing/test-broker.ts';
import { startFleet } from './fleet.ts';
import { FleetState } from './fleet-state.ts';
import { describeNotConnected } from './not-connected.ts';
import { SimDevice } from './sim-device.ts';

let broker: TestBroker;
let dir: string;

beforeEach(async () => {
  broker = await TestBroker.start();
  dir = mkdtempSync(join(tmpdir(), 'nf-fleet-test-'));
});
afterEach(async () => {
  await broker.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('fleet', () => {
  it('says why devices are not connected, and stops while the broker holds PUBACKs', async () => {
    const seed = 5;
    const serial = (index: number) => new SimDevice(index, seed).serial;
    const statePath = join(dir, 'state.json');
    const state = await FleetState.load(statePath);
    const credential = broker.addDevice();
    // Online; a credential the broker refuses; a claim secret the server does not know.
    state.set(serial(0), credential);
    state.set(serial(1), { device_id: 50, username: 'd50', password: 'wrong' });
    state.set(serial(2), { claim: 'NOTEXPECTED0123456789AB' });
    await state.flush();

    const fleet = await startFleet({ devices: 3, seed, mqttUrl: broker.url, statePath });
    await fleet.ramped;
    const notConnected = fleet.notConnected();
    expect(notConnected).toMatchObject({
      total: 2,
      brokerRefused: 1,
      enrolRefused: 1,
      connackCodes: { '4': 1 },
    });
    expect(describeNotConnected(notConnected)).toBe(
      '2 not connected: enrolRefused 1, brokerRefused 1 (CONNACK 4: 1)',
    );
    expect(fleet.counters).toMatchObject({ connected: 1, connackRefusals: 1, refused: 2 });

    broker.holdPublishes(topics.state(credential.device_id));
    const started = Date.now();
    await fleet.stop();
    expect(Date.now() - started).toBeLessThan(STOP_TIMEOUT_MS * 2 + 1000);
    // As it was when the fleet stopped, not "every device stopped".
    expect(fleet.notConnected().total).toBe(2);
  }, 15_000);
});
