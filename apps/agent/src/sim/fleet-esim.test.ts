import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { esimBootstrapStatusSchema, topics } from '@netfleet/contracts';
import { TestBroker, waitFor } from '../testing/test-broker.ts';
import { restoreDeviceState, startFleet } from './fleet.ts';
import { FleetState } from './fleet-state.ts';
import { SimDevice } from './sim-device.ts';
import { simEsimProfiles } from './sim-esim.ts';

let broker: TestBroker;
let dir: string;

beforeEach(async () => {
  broker = await TestBroker.start();
  dir = mkdtempSync(join(tmpdir(), 'nf-fleet-esim-'));
});
afterEach(async () => {
  await broker.close();
  rmSync(dir, { recursive: true, force: true });
});

const SEED = 11;
// Models go round-robin: index 8 is an RUTX50, the first with an eSIM.
const ESIM_INDEX = 8;

describe('fleet eSIM profiles', () => {
  it('keeps the profiles esim_profile jobs left across a restart, and reports the bootstrap', async () => {
    const statePath = join(dir, 'state.json');
    const state = await FleetState.load(statePath);
    const devices = Array.from({ length: ESIM_INDEX + 1 }, (_, i) => new SimDevice(i, SEED));
    const target = devices[ESIM_INDEX] as SimDevice;
    expect(target.capabilities.has_esim).toBe(true);
    const credentials = devices.map((device) => {
      const credential = broker.addDevice();
      state.set(device.serial, credential);
      return credential;
    });
    await state.flush();
    const id = credentials[ESIM_INDEX]?.device_id ?? 0;
    let job = 30;
    const send = (type: string, args: object) =>
      broker.publish(topics.command(id), {
        id: job++,
        type,
        args,
        expires_at: Date.now() + 60_000,
      });
    const acks = () =>
      broker.on(topics.ack(id)) as { id: number; status: string; result?: string }[];
    const finished = (jobId: number) =>
      acks().find(
        (ack) => ack.id === jobId && ack.status !== 'received' && ack.status !== 'progress',
      );
    const options = { devices: ESIM_INDEX + 1, seed: SEED, mqttUrl: broker.url, statePath };

    const fleet = await startFleet(options);
    await fleet.ramped;
    await waitFor(() => broker.on(topics.hello(id)).length > 0);
    // Nothing changed yet: the factory profile, not kept in the state file.
    expect((await FleetState.load(statePath)).get(target.serial)?.esim_profiles).toBeUndefined();
    await send('esim_profile', { action: 'add', activation_code: 'LPA:1$smdp.example.com$KEEP-1' });
    await waitFor(() => finished(30) !== undefined);
    const [first] = simEsimProfiles(new SimDevice(ESIM_INDEX, SEED)) ?? [];
    await send('esim_profile', { action: 'disable', iccid: first?.iccid });
    await waitFor(() => finished(31) !== undefined);
    expect([finished(30)?.status, finished(31)?.status]).toEqual(['completed', 'completed']);
    await fleet.stop();

    const kept = (await FleetState.load(statePath)).get(target.serial)?.esim_profiles;
    expect(kept?.map((profile) => profile.state)).toEqual(['disabled', 'disabled']);
    const restored = new SimDevice(ESIM_INDEX, SEED);
    restoreDeviceState([restored], await FleetState.load(statePath));
    expect(restored.esimProfiles).toEqual(kept);

    // The next run still holds them: with no operator profile enabled, the bootstrap one is.
    const again = await startFleet(options);
    await again.ramped;
    await waitFor(() => broker.on(topics.hello(id)).length === 2);
    await send('esim_bootstrap', {});
    await waitFor(() => finished(32) !== undefined);
    const status = esimBootstrapStatusSchema.parse(JSON.parse(finished(32)?.result ?? ''));
    expect(status).toMatchObject({ bootstrap: { enabled: true }, operational_profile: true });
    expect(status.bootstrap?.iccid).toMatch(/^8999\d{15}$/);
    await again.stop();
  }, 20_000);
});
