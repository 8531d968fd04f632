// What the remote-access benchmark runs against, in this process (its tunnel hub is used
// directly): the app as server.ts builds it, on a fresh in-memory PGlite with the base seed, the
// embedded Aedes broker, listening on 127.0.0.1 so devices dial their tunnels to it. Also: devices
// added as the API adds them (pending, with a claim secret) and small helpers for the children
// the benchmark starts.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { eq } from 'drizzle-orm';
import type { SimDevice } from '../../apps/agent/src/sim/sim-device.ts';
import { buildApp } from '@/app';
import { openDatabase } from '@/bootstrap';
import { loadConfig } from '@/config';
import type { Database } from '@/db/client';
import { companies, devices } from '@/db/schema';
import { hashClaimSecret, newClaimSecret } from '@/lib/device-secrets';
import { createEmbeddedBroker } from '@/plugins/broker-embedded';
import { freePort } from './server-process';

const root = join(import.meta.dirname, '..', '..');
export const ADMIN = { email: 'bench@netfleet.test', password: 'bench-password-1' };

export const startRemoteServer = async (env: Record<string, string> = {}) => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: base,
    NETFLEET_ADMIN_EMAIL: ADMIN.email,
    NETFLEET_ADMIN_PASSWORD: ADMIN.password,
    WEB_DIST: '/nonexistent-web-dist',
    LOG_LEVEL: 'warn',
    ...env,
  });
  const { database, seed } = await openDatabase(config, { memory: true });
  const broker = createEmbeddedBroker({ port: 0, host: '127.0.0.1' });
  const app = await buildApp({
    config,
    db: database.db,
    jwtSecret: seed.jwtSecret,
    logger: { level: 'warn' },
    broker,
  });
  await app.listen({ port, host: '127.0.0.1' });
  await broker.start();
  const gateway = app.deviceGateway;
  if (!gateway) throw new Error('buildApp built no device gateway');
  return {
    app,
    db: database.db,
    base,
    mqttUrl: `mqtt://127.0.0.1:${String(broker.port)}`,
    hub: app.tunnelHub,
    isOnline: (deviceId: number) => gateway.link.isOnline(deviceId),
    /** Like server.ts: the broker first, so the gateway's last flush sees everything. */
    async close() {
      await broker.close();
      await app.close();
      await database.close();
    },
  };
};

export type RemoteServer = Awaited<ReturnType<typeof startRemoteServer>>;

/** The root company's id (the admin's). */
export const rootCompanyId = async (db: Database) => {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.level, 1))
    .orderBy(companies.id)
    .limit(1);
  if (!row) throw new Error('no root company');
  return row.id;
};

/** A simulated device added as POST /api/devices adds one: pending, with a claim secret. */
export const addPendingDevice = async (db: Database, companyId: number, sim: SimDevice) => {
  const claim = newClaimSecret();
  const [row] = await db
    .insert(devices)
    .values({
      companyId,
      name: `Bench ${sim.serial}`,
      serial: sim.serial,
      mac: sim.mac ?? null,
      imei: sim.imei ?? null,
      deviceSeries: sim.hardware.series,
      claimSecretHash: hashClaimSecret(claim),
    })
    .returning({ id: devices.id });
  if (!row) throw new Error('device insert failed');
  return { id: row.id, claim };
};

/** Session cookies and the headers the console sends on a mutating request. */
export const signIn = async (base: string) => {
  const response = await fetch(`${base}/account/login`, {
    method: 'POST',
    headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (response.status !== 200) throw new Error(`login failed: ${response.status}`);
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  const xsrf = /RMS-XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? '';
  return {
    cookie,
    headers: {
      cookie,
      'x-requested-with': 'XMLHttpRequest',
      'x-xsrf-token': decodeURIComponent(xsrf),
      'content-type': 'application/json',
    },
  };
};

export interface TimedResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** ms from the request until the answer's status line and headers arrived. */
  firstByteMs: number;
  /** ms until the whole body was read. */
  totalMs: number;
  body: string;
}

/** A GET to the listening server with any Host (the web UI origins are `<token>.localhost`). */
export const timedGet = (
  base: string,
  host: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<TimedResponse> =>
  new Promise((resolve, reject) => {
    const url = new URL(base);
    const started = performance.now();
    const req = request(
      { host: url.hostname, port: url.port, path, headers: { host, ...headers } },
      (res) => {
        const firstByteMs = performance.now() - started;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            firstByteMs,
            totalMs: performance.now() - started,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });

/** `name=value` of a Set-Cookie answer. */
export const setCookie = (response: TimedResponse, name: string) => {
  const cookies = response.headers['set-cookie'] ?? [];
  return (Array.isArray(cookies) ? cookies : [cookies])
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0];
};

/**
 * A bench/lib child under tsx with the agent's tsconfig (its `.ts` imports), one JSON argument.
 * Its stdout lines are JSON; `next(test)` waits for the next line that passes.
 */
export const spawnChild = (file: string, argument: unknown) => {
  // BENCH_PROFILE_DIR=<dir>: the child writes its CPU profile there when it exits.
  const profile = process.env.BENCH_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
    : [];
  const child = spawn(
    process.execPath,
    [...profile, '--import', 'tsx', join(root, 'bench', 'lib', file), JSON.stringify(argument)],
    {
      cwd: root,
      env: { ...process.env, TSX_TSCONFIG_PATH: join(root, 'apps', 'agent', 'tsconfig.json') },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  const lines: unknown[] = [];
  let waiter: (() => void) | null = null;
  let errorLines = 0;
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(JSON.parse(line));
    waiter?.();
  });
  createInterface({ input: child.stderr }).on('line', (line) => {
    if (errorLines++ < 10) console.error(`${file}: ${line}`);
  });
  return {
    pid: child.pid ?? 0,
    send: (line: string) => child.stdin.write(`${line}\n`),
    async next<T>(test: (line: T) => boolean, timeoutMs: number, what: string): Promise<T> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = lines.findIndex((line) => test(line as T));
        if (index >= 0) return lines.splice(0, index + 1).pop() as T;
        if (child.exitCode !== null) throw new Error(`${file} exited while waiting for ${what}`);
        if (Date.now() > deadline) throw new Error(`${file}: timed out waiting for ${what}`);
        await new Promise<void>((resolve) => {
          waiter = resolve;
          setTimeout(resolve, 200);
        });
        waiter = null;
      }
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
};

/** CPU seconds (user + system) a process has used so far (Linux /proc, 100 ticks a second). */
export const cpuSecondsOf = (pid: number): number => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/** The V8 collector, enabled at run time (scripts/bench.mjs passes no --expose-gc). */
export const collectGarbage = (() => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  // A pause after each: freed ArrayBuffer backing stores (`external`) are released afterwards.
  return async () => {
    for (let i = 0; i < 4; i += 1) {
      gc();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
})();
