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
  dir = mkdtempSync(join(tmpdir(), 'nf-fleet-alerts-'));
});
afterEach(async () => {
  await broker.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('fleet device alerts', () => {
  it('keeps an alerts_config set in the state file and watches it again after a restart', async () => {
    const seed = 9;
    const statePath = join(dir, 'state.json');
    const state = await FleetState.load(statePath);
    const credential = broker.addDevice();
    const id = credential.device_id;
    // Index 0 is an RUT240: one modem.
    const serial = new SimDevice(0, seed).serial;
    state.set(serial, credential);
    await state.flush();
    const set = {
      version: 3,
      configs: [
        {
          id: 12,
          alert_type_id: 3,
          alert_subtype_id: 9,
          redundancy_interval: null,
          data_limit: null,
          sim: null,
          period: null,
          starts: null,
          latitude: null,
          longitude: null,
          radius: null,
        },
      ],
    };
    let job = 20;
    const send = (type: string, args: object) =>
      broker.publish(topics.command(id), {
        id: job++,
        type,
        args,
        expires_at: Date.now() + 60_000,
      });
    const alerts = () => broker.on(topics.alert(id)) as { config_id: number; text: string }[];

    const fleet = await startFleet({ devices: 1, seed, mqttUrl: broker.url, statePath });
    await fleet.ramped;
    await waitFor(() => broker.on(topics.hello(id)).length > 0);
    await send('alerts_config', set);
    await send('command', { command: 'nf-sim pin signal=-118' });
    await waitFor(() => alerts().length === 1);
    expect(alerts()[0]).toMatchObject({ config_id: 12, text: expect.stringContaining('-118 dBm') });
    await fleet.stop();
    expect((await FleetState.load(statePath)).get(serial)?.alerts).toEqual(set);

    // The next run watches the saved set with no new job.
    const again = await startFleet({ devices: 1, seed, mqttUrl: broker.url, statePath });
    await again.ramped;
    await waitFor(() => broker.on(topics.hello(id)).length === 2);
    await send('command', { command: 'nf-sim pin signal=-118' });
    await waitFor(() => alerts().length === 2);
    await again.stop();
  }, 15_000);
});
