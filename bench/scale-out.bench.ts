// Scale-out: the ingest scenario (bench/lib/ingest-scenario.ts) on the configuration of
// docs/scale-out.md: two server processes on PostgreSQL, Mosquitto and Redis, splitting the
// device messages through shared subscriptions ($share/netfleet/...). The fleet connects to
// Mosquitto and adds its devices through the first server's API. For each fleet size of
// BENCH_SCALE_DEVICES (default 10000,20000) the scenario runs BENCH_RUNS times (default 3), each
// with a fresh database, Mosquitto and servers; every figure is the median of the runs.
// A fleet that one Mosquitto cannot hold under this machine's open-file limit (a socket per
// device; 20,000 here) runs bridged: two Mosquittos bridged on the server → device topics, each
// server subscribed to one of them, and the fleet split over two simulator processes, one per
// broker (BENCH_SCALE_BRIDGED=1 forces it for any size). The report says which topology ran.
// BENCH_SECONDS (default 60) and BENCH_RAMP_LIMIT (seconds, default 600) as for ingest.
// PostgreSQL: BENCH_POSTGRES_URL (see lib/bench-database.ts); Redis: BENCH_REDIS_URL (default
// redis://127.0.0.1:6379/15; netfleet has no key prefix setting, so a database index of its own
// keeps its keys apart, and nothing is flushed). `mosquitto` must be on the PATH.
// Run with `npm run bench`; writes bench/results/scale-out.json.
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { createBenchDatabase, type BenchDatabase } from './lib/bench-database';
import { runIngest } from './lib/ingest-scenario';
import { startMosquitto } from './lib/mosquitto';
import { benchRuns, medianOf, printRuns, writeReport } from './lib/report';
import { type ServerProcess, startServer } from './lib/server-process';
import { createTeardown, type Teardown } from './lib/teardown';

const SIZES = (process.env.BENCH_SCALE_DEVICES || '10000,20000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const RAMP_LIMIT_S = Number(process.env.BENCH_RAMP_LIMIT ?? 600);
const REDIS_URL = process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379/15';
const FORCE_BRIDGED = process.env.BENCH_SCALE_BRIDGED === '1';
/** Sockets a broker or simulator process needs besides one per device (servers, bridge, files). */
const OPEN_FILE_HEADROOM = 100;
const RUNS = benchRuns();
/** How long the servers get, once the fleet has stopped, to take what Mosquitto still holds. */
const DRAIN_LIMIT_MS = 120_000;

/** Open files a process may have: Mosquitto and the fleet process need one per device. */
const openFileLimit = () => {
  const limit = /Max open files\s+(\S+)/.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1];
  return limit === 'unlimited' ? Number.POSITIVE_INFINITY : Number(limit);
};

/**
 * Mosquitto acknowledged readings the servers may not have taken yet: waits until the stored
 * rows stop growing for 3 s, then stops the servers, which store what they still hold.
 */
const drain = async (database: BenchDatabase, servers: ServerProcess[]) => {
  const deadline = Date.now() + DRAIN_LIMIT_MS;
  await database.withClient(async (client) => {
    let last = -1;
    for (let unchanged = 0; unchanged < 3;) {
      if (Date.now() > deadline) {
        console.error(`the servers were still storing readings ${DRAIN_LIMIT_MS / 1000} s on`);
        break;
      }
      await sleep(1000);
      const { rows } = await client.query<{ n: number }>(
        'select count(*)::int as n from device_telemetry',
      );
      const stored = rows[0]?.n ?? 0;
      unchanged = stored === last ? unchanged + 1 : 0;
      last = stored;
    }
  });
  await Promise.all(servers.map((server) => server.stop()));
};

/** One broker, or two bridged ones; `urls[i]` is the broker of server i and fleet part i. */
const startBrokers = async (bridged: boolean, teardown: Teardown) => {
  const first = await startMosquitto();
  teardown.add(() => first.stop());
  if (!bridged)
    return { urls: [first.url, first.url], fleetUrls: [first.url], logLines: first.logLines };
  const second = await startMosquitto({ bridgeTo: first.url });
  teardown.add(() => second.stop());
  const urls = [first.url, second.url];
  return { urls, fleetUrls: urls, logLines: () => first.logLines() + second.logLines() };
};

const runOnce = async (devices: number, bridged: boolean) => {
  const teardown = createTeardown();
  try {
    const brokers = await startBrokers(bridged, teardown);
    const database = await createBenchDatabase();
    teardown.add(() => database.drop());
    // One after the other, so the second finds the database migrated and seeded (at the same
    // time would be safe too: both steps run under an advisory lock and the seed is idempotent).
    const servers: ServerProcess[] = [];
    for (const mqttUrl of brokers.urls) {
      const server = await startServer({
        DATABASE_URL: database.url,
        MQTT_URL: mqttUrl,
        REDIS_URL,
      });
      teardown.add(() => server.remove());
      teardown.add(() => server.stop());
      servers.push(server);
    }
    const [a, b] = servers as [ServerProcess, ServerProcess];
    // Let the servers settle before their idle memory is read.
    await sleep(3000);
    const result = await runIngest(
      {
        mqttUrls: brokers.fleetUrls,
        apiUrl: a.url,
        servers: { a: a.pid, b: b.pid },
        drain: () => drain(database, servers),
        withDatabase: (use) =>
          database.withClient((client) =>
            use(<T>(sql: string, params: unknown[]) =>
              client.query(sql, params).then((answer) => ({ rows: answer.rows as T[] })),
            ),
          ),
      },
      { devices, seconds: SECONDS, rampLimitSeconds: RAMP_LIMIT_S, seed: 3 },
      teardown,
    );
    return { ...result, broker_log_lines: brokers.logLines() };
  } finally {
    await teardown.run();
  }
};

const TOPOLOGY = {
  shared: 'one Mosquitto, both servers on its shared subscriptions, one simulator process',
  bridged:
    'two Mosquittos bridged on the server → device topics, a server and a simulator process on each',
};

type ScaleOutResult = Awaited<ReturnType<typeof runOnce>>;

let exitCode = 0;
try {
  const fileLimit = openFileLimit();
  const results: ScaleOutResult[] = [];
  const runsBySize: Record<string, ScaleOutResult[]> = {};
  const topologies: Record<string, string> = {};
  for (const devices of SIZES) {
    const bridged = FORCE_BRIDGED || devices + OPEN_FILE_HEADROOM > fileLimit;
    topologies[devices] = bridged ? TOPOLOGY.bridged : TOPOLOGY.shared;
    console.log(`${devices} devices: ${topologies[devices]}`);
    const runs: ScaleOutResult[] = [];
    for (let run = 1; run <= RUNS; run++) {
      console.log(`${devices} devices, run ${run} of ${RUNS}`);
      runs.push(await runOnce(devices, bridged));
    }
    const median = medianOf(runs) as ScaleOutResult;
    printRuns(median, runs);
    results.push(median);
    runsBySize[devices] = runs;
  }
  writeReport('scale-out', results, {
    configuration: 'two servers, PostgreSQL, Redis and Mosquitto; topology by fleet size',
    topologies,
    open_file_limit: fileLimit,
    runs: runsBySize,
  });
} catch (error) {
  console.error(error);
  exitCode = 1;
}
process.exit(exitCode);
