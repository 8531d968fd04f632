// Issue 22, on real processes: two servers (`npm start`'s entry) share a throw-away PostgreSQL
// database, Redis and a Mosquitto of the test's own (the servers' default shared-subscription
// group must not split messages with other tests' servers on a common broker). Simulated devices
// connect to Mosquitto. The instances are upgraded one after the other, as docs/deploy.md says:
// SIGTERM, start the new version (here: one more migration, creating `upgrade_probe`), wait for
// /readyz. Throughout, the devices stay connected and online, every reading the broker
// acknowledged is stored, a command sent through the running instance reaches its device, and
// the console answers on at least one instance.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/bootstrap';
import { loadConfig } from '@/config';
import { startPrivateMosquitto } from '@test/mosquitto';
import { spawnFleet } from '../../../../bench/lib/fleet-control';
import {
  BENCH_ADMIN,
  login,
  type ServerProcess,
  sessionApi,
  startServer,
} from '../../../../bench/lib/server-process';
import { newerMigrationsFolder, throwawayDatabase } from './upgrade-fixtures';
import { watchConsole, watchDevices } from './upgrade-probes';

const ready = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const DEVICES = 20;

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
}, 120_000);

const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean, ms: number) => {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await sleep(250);
  }
};

const readyz = (server: ServerProcess) =>
  until(
    () =>
      fetch(`${server.url}/readyz`).then(
        (response) => response.status,
        () => 0,
      ),
    (status) => status === 200,
    30_000,
  );

describe.skipIf(!ready)('a rolling upgrade of two instances', () => {
  it('keeps the devices connected and the console up', { timeout: 240_000 }, async () => {
    const mosquitto = await startPrivateMosquitto();
    cleanups.push(() => mosquitto.close());
    const database = await throwawayDatabase(process.env.DATABASE_URL ?? '');
    cleanups.push(database.drop);
    const newer = newerMigrationsFolder();
    cleanups.push(newer.remove);
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: process.env.REDIS_URL ?? '',
      MQTT_URL: mosquitto.url,
    };
    /** A new server, or the next version of `place` (its port and DATA_DIR). */
    const start = async (place?: ServerProcess) => {
      const server = await startServer(env, place);
      // Run in reverse: stopped first, then its DATA_DIR removed.
      if (!place) cleanups.push(() => server.remove());
      cleanups.push(() => server.stop());
      expect(await readyz(server)).toBe(200);
      return server;
    };
    // Together: the migration lock has one migrate and seed, the other wait.
    const [a, b] = await Promise.all([start(), start()]);

    const stateDir = mkdtempSync(join(tmpdir(), 'nf-upgrade-'));
    cleanups.push(() => rmSync(stateDir, { recursive: true, force: true }));
    const fleet = spawnFleet({
      devices: DEVICES,
      seed: 22,
      mqttUrl: mosquitto.url,
      statePath: join(stateDir, 'state.json'),
      api: { url: a.url, ...BENCH_ADMIN },
      intervalMs: 1000,
      concurrency: DEVICES,
    });
    cleanups.push(() => fleet.stop().then(() => undefined));
    await fleet.waitFor(
      (s) => s.ramped && s.connected === DEVICES,
      60_000,
      'every device connected',
    );
    const cookie = await login(a.url);
    const urls = [a.url, b.url];
    const online = await until(
      async () => {
        const response = await fetch(`${a.url}/api/devices?limit=1000&fields=id,status`, {
          headers: { cookie },
        });
        return ((await response.json()) as { data: { id: number; status: number }[] }).data;
      },
      (list) => list.length === DEVICES && list.every((device) => device.status === 1),
      30_000,
    );
    expect(online.filter((device) => device.status === 1)).toHaveLength(DEVICES);

    const consoleWatch = watchConsole(urls, cookie);
    const devices = watchDevices(urls, cookie, () => fleet.latest()?.connected);
    await sleep(1000);

    // A: stopped; while it is away, every device gets a command through B.
    await a.stop();
    const api = await sessionApi(b.url);
    const action = await api<{ meta: { channel: string } }>('/api/devices/actions', {
      method: 'POST',
      body: { action: 'update_metrics_data', device_id: online.map((device) => device.id) },
    });
    expect(action.meta.channel).toBeTruthy();
    // The new version's start migrates first. A server process cannot be given another
    // migrations folder, so its migration is applied here, as its openDatabase() would.
    const migrated = await openDatabase(
      loadConfig({ DATABASE_URL: database.url, DATA_DIR: '/nonexistent-data-dir' }),
      { migrationsFolder: newer.folder },
    );
    await migrated.database.close();
    const a2 = await start(a);
    await sleep(1000);

    // B: the same.
    await b.stop();
    const b2 = await start(b);
    await sleep(1000);

    const consoleSeen = await consoleWatch.stop();
    const devicesSeen = await devices.stop();
    // Each command reached its device, and its acknowledgement completed the job, whichever
    // instance had heard from the device before.
    const upgraded = await sessionApi(b2.url);
    const jobs = await until(
      async () =>
        (await upgraded<{ data: { status: string }[] }>('/api/devices/actions/logs?limit=100'))
          .data,
      (list) => list.length > 0 && list.every((entry) => entry.status === 'completed'),
      30_000,
    );
    expect(jobs.map((entry) => entry.status)).toEqual(Array(DEVICES).fill('completed'));
    await fleet.waitFor((s) => s.commands >= DEVICES, 5000, 'every command');
    expect(fleet.latest()?.commands).toBe(DEVICES);
    expect(consoleSeen.polls).toBeGreaterThan(20);
    expect(consoleSeen.down).toBe(0);
    expect(devicesSeen.online.length).toBeGreaterThan(5);
    expect(devicesSeen.online.every((count) => count === DEVICES)).toBe(true);
    expect(devicesSeen.fleet.every((count) => count === DEVICES)).toBe(true);

    // The devices never lost their connection: no close, no failed attempt, hence no reconnect.
    const final = await fleet.stop();
    expect(final).toMatchObject({
      enrolled: DEVICES,
      connectErrors: 0,
      connectTimeouts: 0,
      connackRefusals: 0,
    });
    // Every reading the broker acknowledged to a device is stored (the servers drain Mosquitto's
    // queue for them).
    const acked = final?.acked ?? 0;
    expect(acked).toBeGreaterThan(DEVICES * 10);
    const stored = await until(
      async () =>
        Number(
          (await database.query<{ n: string }>('select count(*) as n from device_telemetry'))[0]?.n,
        ),
      (n) => n >= acked,
      30_000,
    );
    expect(stored).toBeGreaterThanOrEqual(acked);
    // The new version's migration is there, and the old instance B ran on it meanwhile.
    expect(await database.query('select * from upgrade_probe')).toEqual([]);
    await Promise.all([a2.stop(), b2.stop()]);
  });
});
