// Ingest: the server (`npm start`'s entry, embedded PGlite + Aedes) in one process, N simulated
// devices in another, each sending dynamic telemetry once a second for a measured minute.
// Reports connected devices, readings stored per second, loss (broker-acknowledged readings that
// never reached the database), enqueue→stored latency (stored_at - ts of every stored reading)
// and the server's memory per connected device.
// BENCH_DEVICES (default 10000), BENCH_SECONDS (default 60) and BENCH_RAMP_LIMIT (seconds, default
// 300) change the load.
// Run with `npm run bench`; writes bench/results/ingest.json.
import { PGlite } from '@electric-sql/pglite';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnFleet } from './lib/fleet-control';
import { printTable, round, writeReport } from './lib/report';
import { BENCH_ADMIN, rssOf, startServer } from './lib/server-process';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const WARMUP_SECONDS = 10;
const RAMP_LIMIT_S = Number(process.env.BENCH_RAMP_LIMIT ?? 300);
/** Issue 5 targets on this 2-core machine. */
const TARGETS = { devices: 10_000, loss: 0, bytesPerDevice: 20 * 1024 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const server = await startServer();
let exitCode = 0;
try {
  await sleep(3000);
  const rssIdle = rssOf(server.pid);
  const rampStarted = performance.now();
  const fleet = spawnFleet({
    devices: DEVICES,
    seed: 1,
    mqttUrl: server.mqttUrl,
    statePath: join(mkdtempSync(join(tmpdir(), 'nf-fleet-')), 'state.json'),
    api: { url: server.url, ...BENCH_ADMIN },
    intervalMs: 1000,
    concurrency: 200,
  });
  // A server that cannot take the whole fleet never finishes the ramp (the last devices keep
  // retrying); after RAMP_LIMIT_S the window measures whatever is connected.
  const ramped = await fleet
    .waitFor((s) => s.ramped, RAMP_LIMIT_S * 1000, 'the ramp')
    .catch(() => null);
  const rampSeconds = round((performance.now() - rampStarted) / 1000);
  const connectedAfterRamp = fleet.latest()?.connected ?? 0;
  console.log(
    `ramp: ${connectedAfterRamp} of ${DEVICES} connected in ${rampSeconds} s${ramped ? '' : ' (ramp limit reached)'}`,
  );
  await sleep(WARMUP_SECONDS * 1000);

  const windowStart = Date.now();
  const before = fleet.latest();
  const rss: number[] = [];
  const connected: number[] = [];
  for (let i = 0; i < SECONDS / 5; i++) {
    await sleep(5000);
    rss.push(rssOf(server.pid));
    connected.push(fleet.latest()?.connected ?? 0);
  }
  const windowEnd = Date.now();
  const during = fleet.latest();
  const final = await fleet.stop();
  // The server flushes its buffer on SIGTERM; only then is the database complete.
  await sleep(2000);
  await server.stop();

  const db = await PGlite.create({ dataDir: join(server.dataDir, 'pglite') });
  const stored = await db.query<{ total: number }>(
    'select count(*)::int as total from device_telemetry',
  );
  const windowRows = await db.query<{ n: number; p50: number; p99: number; max: number }>(
    `select count(*)::int as n,
       percentile_cont(0.5) within group (order by extract(epoch from stored_at - ts) * 1000) as p50,
       percentile_cont(0.99) within group (order by extract(epoch from stored_at - ts) * 1000) as p99,
       max(extract(epoch from stored_at - ts) * 1000)::float8 as max
     from device_telemetry where ts >= $1 and ts < $2`,
    [new Date(windowStart), new Date(windowEnd)],
  );
  await db.close();

  const storedTotal = stored.rows[0]?.total ?? 0;
  const win = windowRows.rows[0];
  const acked = final?.acked ?? 0;
  const seconds = (windowEnd - windowStart) / 1000;
  const steadyConnected = Math.min(...connected);
  const rssSteady = rss.reduce((a, b) => a + b, 0) / rss.length;
  const bytesPerDevice = (rssSteady - rssIdle) / Math.max(1, steadyConnected);
  const result = {
    devices: DEVICES,
    ramp_seconds: rampSeconds,
    ramp_completed: ramped !== null,
    connected_min: steadyConnected,
    window_seconds: round(seconds),
    sent_in_window: (during?.sent ?? 0) - (before?.sent ?? 0),
    stored_per_second: round((win?.n ?? 0) / seconds),
    acked_total: acked,
    stored_total: storedTotal,
    lost: Math.max(0, acked - storedTotal),
    enqueue_to_stored_ms: {
      p50: round(win?.p50 ?? NaN),
      p99: round(win?.p99 ?? NaN),
      max: round(win?.max ?? NaN),
    },
    server_rss_mib: { idle: round(rssIdle / 2 ** 20), steady: round(rssSteady / 2 ** 20) },
    server_bytes_per_device: Math.round(bytesPerDevice),
    fleet_errors: final?.errors ?? 0,
  };
  const targets = {
    devices: { target: TARGETS.devices, met: steadyConnected >= TARGETS.devices },
    zero_loss: { met: result.lost === TARGETS.loss },
    stored_per_second: { target: DEVICES, met: result.stored_per_second >= DEVICES * 0.99 },
    bytes_per_device: {
      target: TARGETS.bytesPerDevice,
      met: bytesPerDevice <= TARGETS.bytesPerDevice,
    },
  };
  printTable([
    ['metric', 'value'],
    ...Object.entries(result).map(([k, v]) => [
      k,
      typeof v === 'object' ? JSON.stringify(v) : String(v),
    ]),
  ]);
  for (const [name, t] of Object.entries(targets))
    console.log(`${name}: ${t.met ? 'met' : 'MISSED'}`);
  writeReport('ingest', result, { targets });
} catch (error) {
  console.error(error);
  exitCode = 1;
  await server.stop();
} finally {
  server.remove();
}
process.exit(exitCode);
