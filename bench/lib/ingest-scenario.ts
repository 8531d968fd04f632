// The ingest scenario, shared by ingest.bench.ts (one server on its embedded PGlite and Aedes) and
// scale-out.bench.ts (two servers on PostgreSQL, Mosquitto and Redis): N simulated devices in a
// second process each send a dynamic reading every second; after the ramp and a 10 s warm-up a
// window is measured. Figures: the fewest devices connected during the window, why the others
// were not at the end of the ramp, readings stored per second (rows whose `ts` falls in the
// window), loss (readings the broker acknowledged to the devices minus rows stored, counted once
// the servers have stored what they hold), enqueue→stored latency (`stored_at - ts`) and each
// server's resident memory per connected device (steady RSS minus idle RSS) and share of a core
// during the window.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describeNotConnected } from '../../apps/agent/src/sim/not-connected.ts';
import { notConnectedOf } from './fleet-control';
import { spawnFleets } from './fleet-group';
import { round } from './report';
import { BENCH_ADMIN, cpuSecondsOf, rssOf } from './server-process';
import type { Teardown } from './teardown';

const WARMUP_SECONDS = 10;
const SAMPLE_SECONDS = 5;

export interface IngestOptions {
  devices: number;
  /** The measured window. */
  seconds: number;
  /** After this many seconds the window starts with whatever is connected. */
  rampLimitSeconds: number;
  seed: number;
}

/** A query on the servers' database: PGlite's `query` and pg's both answer `{ rows }`. */
export type Query = <T>(sql: string, params: unknown[]) => Promise<{ rows: T[] }>;

/** Where the scenario runs: the servers are up on an empty database. */
export interface IngestTarget {
  /** The fleet is split evenly over these brokers, a simulator process for each. */
  mqttUrls: readonly string[];
  /** The server the fleet adds its devices through. */
  apiUrl: string;
  /** The server processes' pids by name; their resident memory is sampled. */
  servers: Record<string, number>;
  /** Once the fleet has stopped: lets the servers store what they hold, then stops them. */
  drain(): Promise<void>;
  /** Runs `use` on the servers' database (after drain()). */
  withDatabase<T>(use: (query: Query) => Promise<T>): Promise<T>;
  /** Work of the bench itself around the measured window (alerts.bench.ts drives probes). */
  window?: { started(): Promise<void>; ended(): Promise<void> };
}

const telemetryFigures = async (query: Query, start: Date, end: Date) => {
  const total = await query<{ total: number }>(
    'select count(*)::int as total from device_telemetry',
    [],
  );
  const window = await query<{ n: number; p50: number; p99: number; max: number }>(
    `select count(*)::int as n,
       percentile_cont(0.5) within group (order by extract(epoch from stored_at - ts) * 1000) as p50,
       percentile_cont(0.99) within group (order by extract(epoch from stored_at - ts) * 1000) as p99,
       max(extract(epoch from stored_at - ts) * 1000)::float8 as max
     from device_telemetry where ts >= $1 and ts < $2`,
    [start, end],
  );
  return { total: total.rows[0]?.total ?? 0, window: window.rows[0] };
};

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

export const runIngest = async (
  target: IngestTarget,
  options: IngestOptions,
  teardown: Teardown,
) => {
  const { devices } = options;
  const names = Object.keys(target.servers);
  /** One reading of every server process, by name. */
  const sample = (read: (pid: number) => number) =>
    new Map(Object.entries(target.servers).map(([name, pid]) => [name, read(pid)]));
  const rssIdle = sample(rssOf);
  const stateDir = mkdtempSync(join(tmpdir(), 'nf-fleet-'));
  teardown.add(() => rmSync(stateDir, { recursive: true, force: true }));
  const rampStarted = performance.now();
  const fleet = spawnFleets(
    {
      devices,
      seed: options.seed,
      statePath: join(stateDir, 'state.json'),
      api: { url: target.apiUrl, ...BENCH_ADMIN },
      intervalMs: 1000,
      concurrency: 200,
    },
    target.mqttUrls,
  );
  teardown.add(() => fleet.stop());

  // A server that cannot take the whole fleet never finishes the ramp (the last devices keep
  // retrying); after the ramp limit the window measures whatever is connected.
  const ramped = await fleet.reaches((s) => s.ramped, options.rampLimitSeconds * 1000, 'the ramp');
  const rampSeconds = round((performance.now() - rampStarted) / 1000);
  const afterRamp = fleet.latest();
  const notConnected = notConnectedOf(afterRamp, devices);
  console.log(
    `ramp: ${afterRamp?.connected ?? 0} of ${devices} connected in ${rampSeconds} s${ramped ? '' : ' (ramp limit reached)'}; ${describeNotConnected(notConnected)}`,
  );
  await sleep(WARMUP_SECONDS * 1000);

  await target.window?.started();
  const windowStart = new Date();
  const before = fleet.latest();
  const cpuBefore = sample(cpuSecondsOf);
  const rss: Map<string, number>[] = [];
  const connected: number[] = [];
  const samples = Math.max(1, Math.round(options.seconds / SAMPLE_SECONDS));
  for (let i = 0; i < samples; i++) {
    await sleep(SAMPLE_SECONDS * 1000);
    rss.push(sample(rssOf));
    connected.push(fleet.latest()?.connected ?? 0);
  }
  const windowEnd = new Date();
  const during = fleet.latest();
  const cpuDuring = sample(cpuSecondsOf);
  await target.window?.ended();
  const stopStarted = performance.now();
  const final = await fleet.stop();
  const stopSeconds = round((performance.now() - stopStarted) / 1000);
  await target.drain();
  const telemetry = await target.withDatabase((query) =>
    telemetryFigures(query, windowStart, windowEnd),
  );

  const acked = final?.acked ?? 0;
  const seconds = (windowEnd.getTime() - windowStart.getTime()) / 1000;
  const connectedMin = Math.min(...connected);
  const servers = Object.fromEntries(
    names.map((name) => {
      const idle = rssIdle.get(name) ?? Number.NaN;
      const steady = mean(rss.map((reading) => reading.get(name) ?? Number.NaN));
      return [
        name,
        {
          rss_idle_mib: round(idle / 2 ** 20),
          rss_steady_mib: round(steady / 2 ** 20),
          bytes_per_device: Math.round((steady - idle) / Math.max(1, connectedMin)),
          cpu_percent: round(
            (100 * ((cpuDuring.get(name) ?? 0) - (cpuBefore.get(name) ?? 0))) / seconds,
          ),
        },
      ];
    }),
  );
  const sentInWindow = (during?.sent ?? 0) - (before?.sent ?? 0);
  const storedPerSecond = round((telemetry.window?.n ?? 0) / seconds);
  return {
    devices,
    ramp_seconds: rampSeconds,
    ramp_completed: ramped,
    connected_after_ramp: afterRamp?.connected ?? 0,
    not_connected: notConnected,
    connected_min: connectedMin,
    window_seconds: round(seconds),
    sent_in_window: sentInWindow,
    stored_per_second: storedPerSecond,
    // Per run, so the median is of ratios: the sent count comes from the fleet's status reports
    // (up to a second stale at either end of the window, ±1.7 % of a minute at 10k a second).
    stored_of_sent_percent: round((100 * storedPerSecond * seconds) / Math.max(1, sentInWindow)),
    acked_total: acked,
    stored_total: telemetry.total,
    lost: Math.max(0, acked - telemetry.total),
    enqueue_to_stored_ms: {
      p50: round(telemetry.window?.p50 ?? Number.NaN),
      p99: round(telemetry.window?.p99 ?? Number.NaN),
      max: round(telemetry.window?.max ?? Number.NaN),
    },
    servers,
    fleet_stop_seconds: stopSeconds,
    fleet_errors: final?.errors ?? 0,
    fleet_events: {
      enrolTimeouts: final?.enrolTimeouts ?? 0,
      enrolErrors: final?.enrolErrors ?? 0,
      refused: final?.refused ?? 0,
      connackRefusals: final?.connackRefusals ?? 0,
      connectTimeouts: final?.connectTimeouts ?? 0,
      connectErrors: final?.connectErrors ?? 0,
    },
  };
};

export type IngestResult = Awaited<ReturnType<typeof runIngest>>;
