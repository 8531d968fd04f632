// Alerts in the ingest path (issue 18): the ingest scenario (bench/lib/ingest-scenario.ts: the
// server on its embedded PGlite and Aedes, N simulated devices sending a dynamic reading a second)
// run without rules, then with RULES alert rules covering every device (bench/lib/alert-seed.ts).
// In the rules run, 20 probe devices are assigned a probe rule (signal < -130 dBm, notify the bench
// admin) and pinned below and above it every 15 s (`nf-sim pin`); the latency is reading time to
// the notification row. Each pair of runs repeats BENCH_RUNS times (default 3) on fresh servers;
// figures are medians. BENCH_DEVICES (10000), BENCH_SECONDS (60), BENCH_RULES (1000).
// Run with `npm run bench`; writes bench/results/alerts.json.
import { PGlite } from '@electric-sql/pglite';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PROBE_HIGH, PROBE_LATENCY_SQL, PROBE_LOW, seedAlertRules } from './lib/alert-seed';
import { type IngestResult, type IngestTarget, runIngest } from './lib/ingest-scenario';
import { benchRuns, latencySummary, medianOf, printRuns, round, writeReport } from './lib/report';
import { sessionApi, startServer } from './lib/server-process';
import { createTeardown } from './lib/teardown';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const RULES = Number(process.env.BENCH_RULES ?? 1000);
const RUNS = benchRuns();
const PROBES = 20;
const PROBE_EVERY_MS = 15_000;
/** Issue 18 targets: no loss, stored rate with rules ≥ 90 % of without, p95 < 2 s. */
const TARGETS = { loss: 0, rateRatio: 0.9, p95Ms: 2000 };

type Api = Awaited<ReturnType<typeof sessionApi>>;

/** Pins the probes' signal low and high in turn while the window lasts. */
const probeDriver = (api: Api, probeRule: number) => {
  let timer: NodeJS.Timeout | undefined;
  let probes: number[] = [];
  let low = true;
  const pin = async () => {
    const dbm = low ? PROBE_LOW : PROBE_HIGH;
    low = !low;
    await Promise.all(
      probes.map((id) =>
        api(`/api/devices/${id}/command`, {
          method: 'POST',
          body: { command: `nf-sim pin signal=${dbm}` },
        }).catch((error: unknown) => console.error(`pin ${id}: ${String(error)}`)),
      ),
    );
  };
  return {
    async started() {
      const list = await api<{ data: { id: number }[] }>(`/api/devices?limit=${PROBES}`);
      probes = list.data.map((device) => device.id);
      await api(`/api/automations/${probeRule}/devices`, {
        method: 'PUT',
        body: [{ devices: probes }],
      });
      await pin();
      timer = setInterval(() => void pin(), PROBE_EVERY_MS);
    },
    async ended() {
      clearInterval(timer);
    },
  };
};

const runOnce = async (rules: number) => {
  const teardown = createTeardown();
  try {
    const server = await startServer();
    teardown.add(() => server.remove());
    teardown.add(() => server.stop());
    await sleep(3000);
    let probeRule: number | null = null;
    let window: IngestTarget['window'];
    if (rules > 0) {
      const api = await sessionApi(server.url);
      const user = await api<{ id: number; company_id: number }>('/api/user');
      const started = performance.now();
      probeRule = await seedAlertRules(api, {
        count: rules,
        companyId: user.company_id,
        userId: user.id,
      });
      console.log(`${rules} rules created in ${round((performance.now() - started) / 1000)} s`);
      window = probeDriver(api, probeRule);
    }
    let latencies: number[] = [];
    let eventLatencies: number[] = [];
    const ingest = await runIngest(
      {
        mqttUrls: [server.mqttUrl],
        apiUrl: server.url,
        servers: { server: server.pid },
        ...(window ? { window } : {}),
        async drain() {
          await sleep(2000);
          await server.stop();
        },
        async withDatabase(use) {
          const db = await PGlite.create({ dataDir: join(server.dataDir, 'pglite') });
          try {
            const query = <T>(sql: string, params: unknown[]) => db.query<T>(sql, params);
            if (probeRule !== null) {
              const rows = (
                await query<{ ms: number; event_ms: number }>(PROBE_LATENCY_SQL, [probeRule])
              ).rows;
              latencies = rows.map((row) => Number(row.ms));
              eventLatencies = rows.map((row) => Number(row.event_ms));
            }
            return await use(query);
          } finally {
            await db.close();
          }
        },
      },
      { devices: DEVICES, seconds: SECONDS, rampLimitSeconds: 300, seed: 1 },
      teardown,
    );
    return {
      ...ingest,
      rules,
      notification_latency: latencySummary(latencies),
      event_latency: latencySummary(eventLatencies),
    };
  } finally {
    await teardown.run();
  }
};

type AlertRun = IngestResult & {
  rules: number;
  notification_latency: ReturnType<typeof latencySummary>;
  /** Reading time to the stored alert event: the notification's latency before its action ran. */
  event_latency: ReturnType<typeof latencySummary>;
};

let exitCode = 0;
try {
  const without: AlertRun[] = [];
  const withRules: AlertRun[] = [];
  for (let run = 1; run <= RUNS; run++) {
    console.log(`run ${run} of ${RUNS}: ${DEVICES} devices without rules`);
    without.push(await runOnce(0));
    console.log(`run ${run} of ${RUNS}: ${DEVICES} devices with ${RULES} rules`);
    withRules.push(await runOnce(RULES));
  }
  const base = medianOf(without) as AlertRun;
  const result = medianOf(withRules) as AlertRun;
  const ratio = result.stored_per_second / Math.max(1, base.stored_per_second);
  const targets = {
    zero_loss: { met: result.lost === TARGETS.loss && base.lost === TARGETS.loss },
    stored_rate: {
      target: `≥ ${TARGETS.rateRatio * 100}% of ${base.stored_per_second}/s without rules`,
      measured: `${round(ratio * 100)}%`,
      met: ratio >= TARGETS.rateRatio,
    },
    notification_p95: {
      target: `< ${TARGETS.p95Ms} ms`,
      measured: result.notification_latency.p95_ms,
      met:
        result.notification_latency.count > 0 && result.notification_latency.p95_ms < TARGETS.p95Ms,
    },
  };
  console.log('without rules');
  printRuns(base, without);
  console.log(`with ${RULES} rules`);
  printRuns(result, withRules);
  for (const [name, t] of Object.entries(targets))
    console.log(`${name}: ${t.met ? 'met' : 'MISSED'}`);
  writeReport(
    'alerts',
    { without_rules: base, with_rules: result },
    {
      runs: { without, with_rules: withRules },
      targets,
    },
  );
} catch (error) {
  console.error(error);
  exitCode = 1;
}
process.exit(exitCode);
