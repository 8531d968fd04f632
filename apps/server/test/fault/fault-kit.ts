// What the fault scenarios share: the real server and simulator processes of the benchmarks
// (bench/lib), a database of their own (embedded PGlite in the server's DATA_DIR, or a fresh
// PostgreSQL database when DATABASE_URL is set) and the counts a scenario checks afterwards.
import { PGlite } from '@electric-sql/pglite';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type BenchDatabase, createBenchDatabase } from '../../../../bench/lib/bench-database';
import { spawnFleet } from '../../../../bench/lib/fleet-control';
import {
  BENCH_ADMIN,
  type ServerPlace,
  type ServerProcess,
  startServer,
} from '../../../../bench/lib/server-process';

/** A scenario's size from the environment (FAULT_DEVICES=…), so CI and a laptop can differ. */
export const setting = (name: string, fallback: number): number => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

/** Polls `read` until `done` or the time is up; answers the last value either way. */
export const waitFor = async <T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  ms: number,
): Promise<T> => {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read().catch(() => undefined);
    if (value !== undefined && (done(value) || Date.now() > deadline)) return value;
    if (Date.now() > deadline) throw new Error('no answer before the deadline');
    await sleep(250);
  }
};

/** Everything a scenario started, stopped in reverse order whatever happened. */
export const createCleanup = () => {
  const steps: (() => unknown)[] = [];
  return {
    add: (step: () => unknown) => steps.push(step),
    async run() {
      for (const step of steps.splice(0).reverse()) {
        await Promise.resolve()
          .then(step)
          .catch((error: unknown) => console.error('cleanup:', error));
      }
    },
  };
};
export type Cleanup = ReturnType<typeof createCleanup>;

/** Where a scenario's data lives: the embedded PGlite always, PostgreSQL when DATABASE_URL is set. */
export const DATABASE_KINDS = process.env.DATABASE_URL
  ? (['PGlite', 'PostgreSQL'] as const)
  : (['PGlite'] as const);
export type DatabaseKind = (typeof DATABASE_KINDS)[number];

/**
 * A fresh PostgreSQL database of the scenario (on the server DATABASE_URL points at; see
 * bench/lib/bench-database.ts), dropped afterwards; null runs on the server's embedded PGlite.
 */
export const scenarioDatabase = async (
  cleanup: Cleanup,
  kind: DatabaseKind = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite',
): Promise<BenchDatabase | null> => {
  if (kind === 'PGlite') return null;
  const database = await createBenchDatabase();
  cleanup.add(() => database.drop());
  return database;
};

/** A server on `database` (or PGlite), started again on the same place after a crash. */
export const serverOn = (database: BenchDatabase | null, env: Record<string, string> = {}) => {
  const envOf = { ...(database ? { DATABASE_URL: database.url } : {}), ...env };
  return (cleanup: Cleanup, place?: ServerPlace): Promise<ServerProcess> =>
    startServer(envOf, place).then((server) => {
      cleanup.add(() => server.stop());
      if (!place) cleanup.add(() => server.remove());
      return server;
    });
};

/** A simulated fleet in its own process, enrolled through `server`, stopped by the cleanup. */
export const fleetOn = (
  server: ServerProcess,
  cleanup: Cleanup,
  options: { devices: number; intervalMs?: number; rebootMs?: number; mqttUrl?: string },
) => {
  const dir = mkdtempSync(join(tmpdir(), 'nf-fault-fleet-'));
  cleanup.add(() => rmSync(dir, { recursive: true, force: true }));
  const fleet = spawnFleet({
    seed: 23,
    mqttUrl: options.mqttUrl ?? server.mqttUrl,
    statePath: join(dir, 'state.json'),
    api: { url: server.url, ...BENCH_ADMIN },
    concurrency: Math.min(options.devices, 100),
    ...options,
  });
  cleanup.add(() => fleet.stop());
  return fleet;
};

/**
 * Readings stored, read once the server has stopped (PGlite allows one process at a time; the
 * server flushes its buffer on SIGTERM).
 */
export const storedReadings = async (
  server: ServerProcess,
  database: BenchDatabase | null,
): Promise<number> => {
  const sql = 'select count(*)::int as n from device_telemetry';
  if (database) {
    return database.withClient(
      async (client) => (await client.query<{ n: number }>(sql)).rows[0]?.n ?? 0,
    );
  }
  const db = await PGlite.create({ dataDir: join(server.dataDir, 'pglite') });
  try {
    return (await db.query<{ n: number }>(sql)).rows[0]?.n ?? 0;
  } finally {
    await db.close();
  }
};
