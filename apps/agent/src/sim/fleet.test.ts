import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEVICE_FILE_MESSAGES, topics } from '@netfleet/contracts';
import { STOP_TIMEOUT_MS } from '../session-end.ts';
import { startBackupServer } from '../testing/backup-server.ts';
import { TestBroker, waitFor } from '../testing/test-broker.ts';
import { restoreDeviceState, startFleet } from './fleet.ts';
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

  it('changes a device password over MQTT and keeps only its hash in the state file', async () => {
    const seed = 6;
    const statePath = join(dir, 'state.json');
    const state = await FleetState.load(statePath);
    const credential = broker.addDevice();
    const id = credential.device_id;
    const serial = new SimDevice(0, seed).serial;
    state.set(serial, credential);
    await state.flush();

    const fleet = await startFleet({
      devices: 1,
      seed,
      mqttUrl: broker.url,
      statePath,
      passwordFailureRate: 0,
    });
    await fleet.ramped;
    await waitFor(() => broker.on(topics.hello(id)).length > 0);
    await broker.publish(topics.command(id), {
      id: 5,
      type: 'set_password',
      args: { password: 'Fleet-Pass-2025' },
      expires_at: Date.now() + 60_000,
    });
    const acks = () => broker.on(topics.ack(id)) as { id: number; status: string }[];
    await waitFor(() => acks().some((a) => a.status === 'completed'), 4000);
    expect(acks().map((a) => a.status)).toEqual(['received', 'completed']);
    expect(JSON.stringify(acks())).not.toContain('Fleet-Pass-2025');
    await fleet.stop();

    const hash = createHash('sha256').update('Fleet-Pass-2025').digest('hex');
    const saved = readFileSync(statePath, 'utf8');
    expect(saved).not.toContain('Fleet-Pass-2025');
    const reloaded = await FleetState.load(statePath);
    expect(reloaded.get(serial)).toEqual({ ...credential, admin_password_sha256: hash });

    // The next run's device has the changed password, not the factory one.
    const device = new SimDevice(0, seed);
    restoreDeviceState([device], reloaded);
    expect(device.adminPasswordMatches('Fleet-Pass-2025')).toBe(true);
    expect(device.adminPasswordMatches('admin01')).toBe(false);
  }, 15_000);

  it('changes a device configuration over MQTT and keeps it in the state file', async () => {
    const seed = 7;
    const statePath = join(dir, 'state.json');
    const state = await FleetState.load(statePath);
    const credential = broker.addDevice();
    const id = credential.device_id;
    const serial = new SimDevice(0, seed).serial;
    state.set(serial, credential);
    await state.flush();

    const fleet = await startFleet({ devices: 1, seed, mqttUrl: broker.url, statePath });
    await fleet.ramped;
    await waitFor(() => broker.on(topics.hello(id)).length > 0);
    await broker.publish(topics.command(id), {
      id: 9,
      type: 'config_set',
      args: {
        requests: [
          { path: '/system/system', method: 'put', request_data: { hostname: 'depot-gw' } },
        ],
      },
      expires_at: Date.now() + 60_000,
    });
    const acks = () => broker.on(topics.ack(id)) as { status: string; result?: string }[];
    await waitFor(() => acks().some((a) => a.status === 'completed'), 5000);
    expect(acks().map((a) => a.status)).toEqual(['received', 'progress', 'completed']);
    expect(JSON.parse(acks()[2]?.result ?? '').results[0].after.hostname).toBe('depot-gw');
    await fleet.stop();

    const device = new SimDevice(0, seed);
    restoreDeviceState([device], await FleetState.load(statePath));
    expect(device.config?.system?.system?.hostname).toBe('depot-gw');
  }, 15_000);

  it('keeps a collect_config set in the state file and collects it again after a restart', async () => {
    const seed = 9;
    const statePath = join(dir, 'state.json');
    const state = await FleetState.load(statePath);
    const credential = broker.addDevice();
    const id = credential.device_id;
    // Index 0 is an RUT240: one modem.
    const serial = new SimDevice(0, seed).serial;
    state.set(serial, credential);
    await state.flush();
    const configs = [
      {
        id: 12,
        period: 300,
        data: [
          {
            url: '/modems/status',
            variables: [
              { id: 'rsrp', filter: '$.http_body.data[@.primary=true].rsrp', type: 'number' },
            ],
          },
        ],
      },
    ];
    const rsrp = () =>
      (broker.on(topics.collect(id)) as { data: Record<string, { rsrp?: unknown }> }[]).map(
        (m) => m.data['/modems/status']?.rsrp,
      );

    const fleet = await startFleet({ devices: 1, seed, mqttUrl: broker.url, statePath });
    await fleet.ramped;
    await waitFor(() => broker.on(topics.hello(id)).length > 0);
    await broker.publish(topics.command(id), {
      id: 14,
      type: 'collect_config',
      args: { configs },
      expires_at: Date.now() + 60_000,
    });
    await waitFor(() => rsrp().length === 1);
    expect(rsrp()[0]).toEqual(expect.any(Number));
    const acks = () => broker.on(topics.ack(id)) as { status: string; message?: string }[];
    await waitFor(() => acks().some((a) => a.status === 'completed'));
    expect(acks().at(-1)).toMatchObject({ status: 'completed', message: 'Collecting 1 config' });
    await fleet.stop();
    expect((await FleetState.load(statePath)).get(serial)?.collect).toEqual(configs);

    // The next run collects at once when online, with no new job.
    const again = await startFleet({ devices: 1, seed, mqttUrl: broker.url, statePath });
    await again.ramped;
    await waitFor(() => rsrp().length === 2);
    expect(broker.on(topics.hello(id))).toHaveLength(2);
    await again.stop();
  }, 15_000);

  it('keeps the files file_put jobs wrote in the state file', async () => {
    const server = await startBackupServer();
    try {
      const seed = 10;
      const statePath = join(dir, 'state.json');
      const state = await FleetState.load(statePath);
      const credential = broker.addDevice();
      const id = credential.device_id;
      state.set(new SimDevice(0, seed).serial, credential);
      await state.flush();

      const fleet = await startFleet({ devices: 1, seed, mqttUrl: broker.url, statePath });
      await fleet.ramped;
      await waitFor(() => broker.on(topics.hello(id)).length > 0);
      const served = server.serve(Buffer.from('hello\n'));
      await broker.publish(topics.command(id), {
        id: 21,
        type: 'file_put',
        args: { ...served, path: '/root/hello.txt' },
        expires_at: Date.now() + 60_000,
      });
      const acks = () => broker.on(topics.ack(id)) as { status: string; message?: string }[];
      await waitFor(() => acks().some((a) => a.status === 'completed'), 6000);
      expect(acks().at(-1)).toEqual({
        id: 21,
        status: 'completed',
        message: DEVICE_FILE_MESSAGES.written('/root/hello.txt'),
      });
      await fleet.stop();

      const device = new SimDevice(0, seed);
      restoreDeviceState([device], await FleetState.load(statePath));
      expect(device.files?.['/root/hello.txt']).toMatchObject({ size: 6, sha256: served.sha256 });
    } finally {
      await server.close();
    }
  }, 15_000);

  it('takes its outage share offline once, for the outage, and brings it back', async () => {
    const seed = 8;
    const statePath = join(dir, 'state.json');
    const state = await FleetState.load(statePath);
    const credentials = [broker.addDevice(), broker.addDevice()];
    credentials.forEach((credential, index) =>
      state.set(new SimDevice(index, seed).serial, credential),
    );
    await state.flush();
    const fleet = await startFleet({
      devices: 2,
      seed,
      mqttUrl: broker.url,
      statePath,
      outage: { share: 1, afterMs: 300, forMs: 700 },
    });
    await fleet.ramped;
    const hellos = (index: number) =>
      broker.on(topics.hello(credentials[index]?.device_id ?? 0)).length;
    await waitFor(() => hellos(0) === 1 && hellos(1) === 1);
    await waitFor(() => fleet.counters.connected === 0, 3000);
    // Away for the outage, then each says hello again.
    await waitFor(() => hellos(0) === 2 && hellos(1) === 2, 4000);
    expect(fleet.counters.connected).toBe(2);
    await fleet.stop();
    // A share picks devices by seed and serial: about that share, the same ones every run.
    const picks = () =>
      Array.from({ length: 400 }, (_, index) => new SimDevice(index, seed).inOutage(0.3));
    const share = picks().filter(Boolean).length / 400;
    expect(share).toBeGreaterThan(0.23);
    expect(share).toBeLessThan(0.37);
    expect(picks()).toEqual(picks());
  }, 15_000);
});
