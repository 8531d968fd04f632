// The task manager's logs at scale (issue 17): BENCH_TASK_LOGS (default 1,000,000) task logs of
// 100 finished runs over BENCH_DEVICES (default 10,000) devices, inserted set-based (see
// lib/task-seed.ts), then the console's requests over real HTTP with a session cookie, one after
// the other (one user paging the logs): p50/p95 of BENCH_REQUESTS (200) requests per scenario,
// the ids of a filter taken in turn from a sample. Embedded PGlite always, and PostgreSQL as well
// when BENCH_POSTGRES_URL is set (a database of its own there, dropped afterwards). The scenarios
// are measured BENCH_RUNS times (default 3) on the same data; every figure is the median of the
// rounds. BENCH_EXPLAIN=1 prints EXPLAIN ANALYZE of each scenario's statements afterwards.
// Run with `npm run bench`; writes bench/results/task-logs.json.
import type { PGlite } from '@electric-sql/pglite';
import { taskGroupLogListQuerySchema, taskLogListQuerySchema } from '@netfleet/contracts';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { buildApp } from '@/app';
import { openDatabase } from '@/bootstrap';
import { type Database, pgliteOf } from '@/db/client';
import * as schema from '@/db/schema';
import { loadConfig } from '@/config';
import { createTaskLogsRepository } from '@/modules/automation/device-tasks/task-logs.repository';
import { createBenchDatabase } from './lib/bench-database';
import { insertFleet } from './lib/fleet-seed';
import { benchRuns, latencySummary, medianOf, printTable, round, writeReport } from './lib/report';
import { BENCH_ADMIN, login } from './lib/server-process';
import { insertTaskHistory } from './lib/task-seed';

const TASK_LOGS = Number(process.env.BENCH_TASK_LOGS ?? 1_000_000);
const DEVICES = Number(process.env.BENCH_DEVICES ?? 10_000);
const TASK_RUNS = 100;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARMUP = 10;
const RUNS = benchRuns();
const EXPLAIN = Boolean(process.env.BENCH_EXPLAIN);
/** Issue 17 targets: p95 < 150 ms on PGlite, < 50 ms on PostgreSQL. */
const TARGET_P95_MS = { pglite: 150, postgres: 50 } as const;
type Backend = keyof typeof TARGET_P95_MS;

const TASK_LOGS_PATH = '/api/devices/tasks/logs';
const GROUP_LOGS_PATH = '/api/devices/tasks/groups/logs';

/** Ids a filter takes in turn. */
interface Samples {
  runs: number[];
  devices: number[];
  groupLogs: number[];
}

/** The console's requests; `query(i)` is the i-th request's query string. */
const SCENARIOS: { name: string; path: string; query: (s: Samples, i: number) => string }[] = [
  { name: 'task logs, newest first', path: TASK_LOGS_PATH, query: () => 'limit=25' },
  {
    name: 'task logs of a run',
    path: TASK_LOGS_PATH,
    query: (s, i) => `limit=25&run_id=${pick(s.runs, i)}`,
  },
  {
    name: 'task logs of a device',
    path: TASK_LOGS_PATH,
    query: (s, i) => `limit=25&device_id=${pick(s.devices, i)}`,
  },
  // The run page's dialog of one device's steps asks for all of them (50 steps × 6 attempts).
  {
    name: "task logs of a device's run",
    path: TASK_LOGS_PATH,
    query: (s, i) => `group_log_id=${pick(s.groupLogs, i)}&limit=300`,
  },
  { name: 'task logs, page 401', path: TASK_LOGS_PATH, query: () => 'limit=25&offset=10000' },
  {
    name: 'group logs of a run',
    path: GROUP_LOGS_PATH,
    query: (s, i) => `run_id=${pick(s.runs, i)}&limit=25`,
  },
];

const pick = (values: number[], i: number) => values[i % values.length] ?? 0;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Up to `count` ids of `table` spread over it. */
const sample = async (db: Database, table: string, count: number) =>
  rowsOf<{ id: number | string }>(
    await db.execute(sql`
      select id from (select id, row_number() over (order by id) as n,
        count(*) over () as total from ${sql.identifier(table)}) t
      where n % greatest(1, total / ${count}::int) = 0 order by id limit ${count}::int`),
  ).map((row) => Number(row.id));

const measure = async (
  base: string,
  cookie: string,
  path: string,
  query: (i: number) => string,
) => {
  const latencies: number[] = [];
  let failures = 0;
  let total = 0;
  const once = async (i: number) => {
    const started = performance.now();
    const response = await fetch(`${base}${path}?${query(i)}`, { headers: { cookie } });
    const body = (await response.json()) as { meta?: { total?: number } };
    const took = performance.now() - started;
    if (response.status !== 200) failures++;
    total = body.meta?.total ?? 0;
    return took;
  };
  for (let i = 0; i < WARMUP; i++) await once(i);
  for (let i = 0; i < REQUESTS; i++) latencies.push(await once(WARMUP + i));
  const { p50_ms, p95_ms, p99_ms, max_ms } = latencySummary(latencies);
  return { p50_ms, p95_ms, p99_ms, max_ms, failures, last_total: total };
};

/**
 * EXPLAIN ANALYZE of the statements a scenario's first request runs, taken from the server's
 * own repository on a second drizzle handle that logs them (the admin sees every company).
 */
const explain = async (backend: Backend, db: Database, url: string | null, samples: Samples) => {
  const statements: { sql: string; params: unknown[] }[] = [];
  const logger = {
    logQuery: (query: string, params: unknown[]) => statements.push({ sql: query, params }),
  };
  const client = url ? new pg.Client({ connectionString: url }) : null;
  await client?.connect();
  try {
    const embedded = pgliteOf(db);
    const logged = client
      ? (drizzleNodePg({ client, schema, logger }) as unknown as Database)
      : (drizzlePglite({ client: embedded as PGlite, schema, logger }) as unknown as Database);
    const run = (text: string, params: unknown[]) =>
      client ? client.query(text, params) : (embedded as PGlite).query(text, params);
    const [root] = rowsOf<{ id: number; path: string }>(
      await db.execute(sql`select id, path from companies where parent_id is null`),
    );
    const viewer = {
      company: { id: root?.id ?? 1, path: root?.path ?? '/1/' },
      permissions: new Set(['access_child_companies']),
    };
    const repository = createTaskLogsRepository(logged);
    for (const scenario of SCENARIOS) {
      const query = Object.fromEntries(new URLSearchParams(scenario.query(samples, 0)));
      statements.length = 0;
      if (scenario.path === TASK_LOGS_PATH) {
        await repository.listTaskLogs(viewer, taskLogListQuerySchema.parse(query));
      } else {
        await repository.listGroupLogs(viewer, taskGroupLogListQuerySchema.parse(query));
      }
      for (const statement of [...statements]) {
        const plan = rowsOf<{ 'QUERY PLAN': string }>(
          await run(`explain (analyze, buffers) ${statement.sql}`, statement.params),
        );
        console.log(`\n${backend} · ${scenario.name} · ${scenario.query(samples, 0)}`);
        console.log(statement.sql);
        console.log(plan.map((row) => row['QUERY PLAN']).join('\n'));
      }
    }
  } finally {
    await client?.end();
  }
};

const runBackend = async (backend: Backend) => {
  const pgDb = backend === 'postgres' ? await createBenchDatabase() : null;
  try {
    const config = loadConfig({
      HOST: '127.0.0.1',
      PORT: '0',
      NETFLEET_ADMIN_EMAIL: BENCH_ADMIN.email,
      NETFLEET_ADMIN_PASSWORD: BENCH_ADMIN.password,
      WEB_DIST: '/nonexistent-web-dist',
      LOG_LEVEL: 'silent',
      ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    });
    const { database, seed } = await openDatabase(config, { memory: true });
    const app = await buildApp({
      config,
      db: database.db,
      jwtSecret: seed.jwtSecret,
      logger: false,
    });
    try {
      const db = database.db;
      let started = performance.now();
      await insertFleet(db, DEVICES);
      console.log(
        `${backend}: ${DEVICES} devices in ${round((performance.now() - started) / 1000)} s`,
      );
      const [admin] = rowsOf<{ user_id: number; company_id: number }>(
        await db.execute(
          sql`select id as user_id, company_id from users where email = ${BENCH_ADMIN.email}`,
        ),
      );
      if (!admin) throw new Error('the bench admin is missing');
      started = performance.now();
      const seeded = await insertTaskHistory(
        db,
        {
          runs: TASK_RUNS,
          taskLogs: TASK_LOGS,
          userId: admin.user_id,
          companyId: admin.company_id,
        },
        (message) => console.log(`${backend}: ${message}`),
      );
      const seedSeconds = round((performance.now() - started) / 1000);
      console.log(
        `${backend}: ${seeded.taskLogs} task logs, ${seeded.groupLogs} group logs in ${seedSeconds} s`,
      );
      const samples: Samples = {
        runs: await sample(db, 'task_runs', 100),
        devices: await sample(db, 'devices', 100),
        groupLogs: await sample(db, 'task_group_logs', 100),
      };

      const base = await app.listen({ host: config.host, port: 0 });
      const cookie = await login(base);
      const rounds = [];
      for (let pass = 1; pass <= RUNS; pass++) {
        const scenarios: Record<string, Awaited<ReturnType<typeof measure>>> = {};
        for (const scenario of SCENARIOS) {
          scenarios[scenario.name] = await measure(base, cookie, scenario.path, (i) =>
            scenario.query(samples, i),
          );
        }
        rounds.push(scenarios);
        console.log(`${backend}: round ${pass} of ${RUNS} measured`);
      }
      if (EXPLAIN) await explain(backend, db, pgDb?.url ?? null, samples);
      const scenarios = medianOf(rounds) as (typeof rounds)[number];
      const worst = Math.max(...Object.values(scenarios).map((s) => s.p95_ms));
      return {
        backend,
        devices: DEVICES,
        task_runs: seeded.runs,
        devices_per_run: seeded.devicesPerRun,
        group_logs: seeded.groupLogs,
        task_logs: seeded.taskLogs,
        seed_seconds: seedSeconds,
        requests_per_scenario: REQUESTS,
        scenarios,
        rounds,
        worst_p95_ms: worst,
        target_p95_ms: TARGET_P95_MS[backend],
        met: worst < TARGET_P95_MS[backend],
      };
    } finally {
      await app.close();
      await database.close();
    }
  } finally {
    await pgDb?.drop();
  }
};

const backends: Backend[] = process.env.BENCH_POSTGRES_URL ? ['pglite', 'postgres'] : ['pglite'];
const results = [];
for (const backend of backends) results.push(await runBackend(backend));
printTable([
  ['backend', 'scenario', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'failed', 'rows'],
  ...results.flatMap((r) =>
    Object.entries(r.scenarios).map(([name, s]) => [
      r.backend,
      name,
      String(s.p50_ms),
      String(s.p95_ms),
      String(s.p99_ms),
      String(s.max_ms),
      String(s.failures),
      String(s.last_total),
    ]),
  ),
]);
for (const r of results) {
  console.log(
    `${r.backend}, ${r.task_logs} task logs: worst p95 ${r.worst_p95_ms} ms, target < ${r.target_p95_ms} ms: ${r.met ? 'met' : 'MISSED'}`,
  );
}
writeReport(
  'task-logs',
  results.map(({ rounds: _rounds, ...result }) => result),
  {
    rounds: results.map((r) => ({ backend: r.backend, rounds: r.rounds })),
    targets: TARGET_P95_MS,
    met: Object.fromEntries(results.map((r) => [r.backend, r.met])),
  },
);
if (results.some((r) => Object.values(r.scenarios).some((s) => s.failures > 0))) process.exit(1);
