// Session endpoints over real HTTP: GET /api/user with a session cookie (every page load and
// refresh asks it) and POST /account/login (argon2id, slow by design). Closed loop: each worker
// sends its next request only after the previous answer, so the figures are what clients see.
// Run with `npm run bench`; writes bench/results/session.json (BENCH_RESULTS_DIR elsewhere).
import { buildApp } from '@/app';
import { openDatabase } from '@/bootstrap';
import { loadConfig } from '@/config';
import { percentile, round, writeReport } from './lib/report';

const ADMIN_EMAIL = 'bench@netfleet.test';
const ADMIN_PASSWORD = 'bench-password-1';
const TIME_LIMIT_MS = 30_000;
const SPA_HEADERS = { 'x-requested-with': 'XMLHttpRequest' };

/**
 * What a 2-core machine should reach; recorded, not enforced (other load on a shared machine would
 * make a gate flaky). Every open console asks /api/user at start and after each token refresh, so
 * 200/s serves thousands of them; a login is paced by argon2id (19 MiB, 2 passes).
 */
const TARGETS = {
  user: { rps: 200, p95: 100 },
  login: { rps: 10, p95: 250 },
};

interface Scenario {
  name: string;
  requests: number;
  concurrency: number;
  /** Unmeasured requests first, so JIT and connection set-up do not count. */
  warmup: number;
  target: { rps: number; p95: number };
  send: () => Promise<Response>;
}

interface Result {
  name: string;
  requests: number;
  concurrency: number;
  failures: number;
  seconds: number;
  rps: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  target: { rps: number; p95_ms: number; met: boolean };
}

const run = async (scenario: Scenario): Promise<Result> => {
  let failures = 0;
  let firstFailure = '';
  const once = async () => {
    const started = performance.now();
    try {
      const response = await scenario.send();
      const body = await response.text();
      if (response.status !== 200) {
        failures++;
        firstFailure ||= `${response.status} ${body.slice(0, 200)}`;
      }
    } catch (error) {
      failures++;
      firstFailure ||= String(error);
    }
    return performance.now() - started;
  };

  for (let i = 0; i < scenario.warmup; i++) await once();
  failures = 0;

  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + TIME_LIMIT_MS;
  let issued = 0;
  const worker = async () => {
    while (issued < scenario.requests && performance.now() < deadline) {
      issued++;
      latencies.push(await once());
    }
  };
  await Promise.all(Array.from({ length: scenario.concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  if (failures > 0) console.error(`${scenario.name}: ${failures} failed, first: ${firstFailure}`);

  latencies.sort((a, b) => a - b);
  const rps = latencies.length / seconds;
  const p95 = percentile(latencies, 95);
  return {
    name: scenario.name,
    requests: latencies.length,
    concurrency: scenario.concurrency,
    failures,
    seconds: round(seconds, 2),
    rps: round(rps),
    p50_ms: round(percentile(latencies, 50), 2),
    p95_ms: round(p95, 2),
    p99_ms: round(percentile(latencies, 99), 2),
    target: {
      rps: scenario.target.rps,
      p95_ms: scenario.target.p95,
      met: rps >= scenario.target.rps && p95 <= scenario.target.p95,
    },
  };
};

const printTable = (results: Result[]) => {
  const rows = [
    ['scenario', 'requests', 'conc.', 'failed', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'target'],
    ...results.map((r) => [
      r.name,
      String(r.requests),
      String(r.concurrency),
      String(r.failures),
      String(r.rps),
      String(r.p50_ms),
      String(r.p95_ms),
      String(r.p99_ms),
      `${r.target.met ? 'met' : 'MISSED'} (≥${r.target.rps}/s, p95 ≤${r.target.p95_ms})`,
    ]),
  ];
  const widths = rows[0]?.map((_, column) =>
    Math.max(...rows.map((row) => row[column]?.length ?? 0)),
  );
  for (const row of rows) {
    console.log(row.map((cell, column) => cell.padEnd(widths?.[column] ?? 0)).join('  '));
  }
};

// A fresh in-memory database with the base seed, opened exactly as the server opens its own.
const config = loadConfig({
  HOST: '127.0.0.1',
  PORT: '0',
  NETFLEET_ADMIN_EMAIL: ADMIN_EMAIL,
  NETFLEET_ADMIN_PASSWORD: ADMIN_PASSWORD,
  WEB_DIST: '/nonexistent-web-dist',
  LOG_LEVEL: 'silent',
});
const { database, seed } = await openDatabase(config, { memory: true });
const app = await buildApp({ config, db: database.db, jwtSecret: seed.jwtSecret, logger: false });
const base = await app.listen({ host: config.host, port: 0 });

const login = () =>
  fetch(`${base}/account/login`, {
    method: 'POST',
    headers: { ...SPA_HEADERS, 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });

let exitCode = 0;
try {
  const signedIn = await login();
  if (signedIn.status !== 200) throw new Error(`login failed: ${signedIn.status}`);
  const cookie = signedIn.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');

  const results = [
    await run({
      name: 'GET /api/user (session cookie)',
      requests: 2000,
      concurrency: 8,
      warmup: 100,
      target: TARGETS.user,
      send: () => fetch(`${base}/api/user`, { headers: { cookie } }),
    }),
    await run({
      name: 'POST /account/login',
      requests: 50,
      concurrency: 1,
      warmup: 3,
      target: TARGETS.login,
      send: login,
    }),
  ];

  writeReport('session', results);
  printTable(results);
  if (results.some((r) => r.failures > 0 || r.requests === 0)) exitCode = 1;
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await app.close();
  await database.close();
}
process.exitCode = exitCode;
