// GET /api/devices at 10k and 100k devices: p50/p95 per page with a filter and a sort, over real
// HTTP, on embedded PGlite and (when DATABASE_URL is set) on PostgreSQL. The fleet is inserted
// with one generate_series statement; the readings are spread like a real fleet's (most online,
// a handful of models, operators and connection types).
// Run with `npm run bench`; writes bench/results/devices-list.json.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '@/app';
import { openDatabase } from '@/bootstrap';
import { loadConfig } from '@/config';
import { insertFleet } from './lib/fleet-seed';
import { percentile, printTable, round, writeReport } from './lib/report';

const ADMIN_EMAIL = 'bench@netfleet.test';
const ADMIN_PASSWORD = 'bench-password-1';
const SIZES = [10_000, 100_000];
const REQUESTS = 200;
// One client: the latency of one user paging through the fleet table.
const CONCURRENCY = 1;
const SPA_HEADERS = { 'x-requested-with': 'XMLHttpRequest' };
/** Issue 5 targets at 100k devices: p95 < 150 ms on PGlite, < 50 ms on PostgreSQL. */
const TARGET_P95_MS = { pglite: 150, postgres: 50 } as const;

const SCENARIOS = [
  { name: 'first page, online, by -signal', query: 'limit=25&status=1&sort=-signal' },
  { name: 'page 40, model filter, by name', query: 'limit=25&offset=1000&model=RUT955&sort=name' },
  {
    name: 'operator filter, by -last_connection_at',
    query: 'limit=100&operator=Telia&sort=-last_connection_at',
  },
  { name: 'search q, default sort', query: 'limit=25&q=RUT9' },
  // A few characters of one MAC, as typed from a label: 16 devices at 100k, none at 10k.
  { name: 'search a MAC fragment', query: 'limit=25&q=1E:42:01:23:4' },
];

const measure = async (base: string, cookie: string, query: string) => {
  const latencies: number[] = [];
  let failures = 0;
  let issued = 0;
  const once = async () => {
    const started = performance.now();
    const response = await fetch(`${base}/api/devices?${query}`, { headers: { cookie } });
    await response.arrayBuffer();
    if (response.status !== 200) failures++;
    return performance.now() - started;
  };
  for (let i = 0; i < 10; i++) await once();
  const worker = async () => {
    while (issued < REQUESTS) {
      issued++;
      latencies.push(await once());
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  latencies.sort((a, b) => a - b);
  return {
    p50: round(percentile(latencies, 50), 2),
    p95: round(percentile(latencies, 95), 2),
    failures,
  };
};

/** A throwaway PostgreSQL database on the server at DATABASE_URL. */
const postgresDatabase = async (serverUrl: string) => {
  const name = `nf_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
  return { url: url.toString(), drop };
};

const runBackend = async (backend: 'pglite' | 'postgres', size: number) => {
  const pgDb =
    backend === 'postgres' ? await postgresDatabase(process.env.DATABASE_URL ?? '') : null;
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    NETFLEET_ADMIN_EMAIL: ADMIN_EMAIL,
    NETFLEET_ADMIN_PASSWORD: ADMIN_PASSWORD,
    WEB_DIST: '/nonexistent-web-dist',
    LOG_LEVEL: 'silent',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
  });
  const { database, seed } = await openDatabase(config, { memory: true });
  const app = await buildApp({ config, db: database.db, jwtSecret: seed.jwtSecret, logger: false });
  try {
    const seeded = performance.now();
    await insertFleet(database.db, size);
    console.log(
      `${backend}: ${size} devices inserted in ${round((performance.now() - seeded) / 1000)} s`,
    );
    const base = await app.listen({ host: config.host, port: 0 });
    const login = await fetch(`${base}/account/login`, {
      method: 'POST',
      headers: { ...SPA_HEADERS, 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
    const cookie = login.headers
      .getSetCookie()
      .map((h) => h.split(';')[0])
      .join('; ');
    const results = [];
    for (const scenario of SCENARIOS) {
      const figures = await measure(base, cookie, scenario.query);
      results.push({
        backend,
        devices: size,
        scenario: scenario.name,
        query: scenario.query,
        ...figures,
      });
    }
    return results;
  } finally {
    await app.close();
    await database.close();
    await pgDb?.drop();
  }
};

const backends: ('pglite' | 'postgres')[] = process.env.DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];
type Result = Awaited<ReturnType<typeof runBackend>>[number];
const results: Result[] = [];
for (const backend of backends) {
  for (const size of SIZES) results.push(...(await runBackend(backend, size)));
}
const at100k = (backend: 'pglite' | 'postgres') =>
  Math.max(
    ...results.filter((r) => r.backend === backend && r.devices === 100_000).map((r) => r.p95),
  );
const targets = backends.map((backend) => ({
  backend,
  worst_p95_ms_at_100k: at100k(backend),
  target_p95_ms: TARGET_P95_MS[backend],
  met: at100k(backend) < TARGET_P95_MS[backend],
}));
printTable([
  ['backend', 'devices', 'scenario', 'p50 ms', 'p95 ms', 'failed'],
  ...results.map((r) => [
    r.backend,
    String(r.devices),
    r.scenario,
    String(r.p50),
    String(r.p95),
    String(r.failures),
  ]),
]);
for (const t of targets) {
  console.log(
    `${t.backend}: worst p95 at 100k ${t.worst_p95_ms_at_100k} ms, target < ${t.target_p95_ms} ms: ${t.met ? 'met' : 'MISSED'}`,
  );
}
writeReport('devices-list', results, { targets });
if (results.some((r) => r.failures > 0)) process.exit(1);
