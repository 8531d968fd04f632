// Issue 23, PostgreSQL restarted under load (the PostgreSQL tier only: DATABASE_URL set, root,
// pg_ctlcluster): the server keeps answering — /readyz says 503 while the database is away and
// 200 once it is back — and every reading a device had a PUBACK for is stored. The cluster is
// stopped for FAULT_PG_DOWN_SECONDS (5), then started: a restart whose downtime is known.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createCleanup,
  fleetOn,
  scenarioDatabase,
  serverOn,
  setting,
  storedReadings,
  waitFor,
} from './fault-kit';

const DEVICES = setting('FAULT_PG_DEVICES', 100);
const DOWN_S = setting('FAULT_PG_DOWN_SECONDS', 5);

const clusterVersion = () => {
  try {
    return readdirSync('/etc/postgresql')[0] ?? null;
  } catch {
    return null;
  }
};
const version = clusterVersion();
const missing = !process.env.DATABASE_URL
  ? 'DATABASE_URL is not set (the PostgreSQL tier runs it)'
  : process.getuid?.() !== 0
    ? 'it needs root to stop and start the cluster'
    : spawnSync('pg_ctlcluster', ['--help'], { stdio: 'ignore' }).error || !version
      ? 'pg_ctlcluster or /etc/postgresql is missing'
      : null;
if (missing) console.log(`PostgreSQL restart: skipped, ${missing}`);

const pgCtl = (action: 'start' | 'stop' | 'status') =>
  spawnSync('pg_ctlcluster', ['--skip-systemctl-redirect', version ?? '', 'main', action], {
    encoding: 'utf8',
  });
const cluster = (action: 'start' | 'stop') => {
  const done = pgCtl(action);
  if (done.status !== 0) throw new Error(`pg_ctlcluster ${action}: ${done.stderr}`);
};
/** `status` answers 0 while the cluster runs. */
const startIfStopped = () => {
  if (pgCtl('status').status !== 0) cluster('start');
};

const cleanup = createCleanup();
afterEach(() => cleanup.run(), 180_000);

describe.skipIf(Boolean(missing))('PostgreSQL restarted under load', () => {
  it('answers 503 while it is away, recovers, and loses no acknowledged reading', async () => {
    const database = await scenarioDatabase(cleanup);
    const server = await serverOn(database)(cleanup);
    const fleet = fleetOn(server, cleanup, { devices: DEVICES, intervalMs: 1000 });
    await fleet.waitFor((s) => s.connected >= DEVICES, 90_000, 'every device online');
    await fleet.waitFor((s) => s.acked >= DEVICES * 3, 30_000, 'readings flowing');

    const readyz = async () => (await fetch(`${server.url}/readyz`)).status;
    const seen: number[] = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        seen.push(await readyz().catch(() => 0));
        await sleep(200);
      }
    })();
    // Started again whatever happens: other tiers on this machine need the cluster.
    cleanup.add(startIfStopped);
    cluster('stop');
    await sleep(DOWN_S * 1000);
    cluster('start');
    const back = await waitFor(readyz, (status) => status === 200, 60_000);
    polling = false;
    await poller;
    expect(back).toBe(200);
    // Always an answer (0 is no answer at all), 503 while the database was away.
    expect(seen.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(seen).toContain(503);

    const ackedAtRestart = fleet.latest()?.acked ?? 0;
    await fleet.waitFor((s) => s.acked >= ackedAtRestart + DEVICES * 3, 60_000, 'readings again');
    expect(fleet.latest()?.connected).toBe(DEVICES);
    const final = await fleet.stop();
    await server.stop();
    const stored = await storedReadings(server, database);
    console.log(`PostgreSQL restart: ${final?.acked} readings acknowledged, ${stored} stored`);
    expect(stored).toBeGreaterThanOrEqual(final?.acked ?? Infinity);
  });
});
