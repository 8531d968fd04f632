// Starts the real server as `npm start` runs it (the compiled apps/server/dist/server.js, built
// first when its sources changed) as a child process on a fresh DATA_DIR with the embedded PGlite
// and Aedes (or, with DATABASE_URL, MQTT_URL and REDIS_URL in `env`, on external services), so the
// benchmarks measure its memory and CPU apart from the load generator's, and the fault and
// upgrade tests restart it without compiling its sources on every start.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exitOf, terminate } from './terminate';

export const BENCH_ADMIN = { email: 'bench@netfleet.test', password: 'bench-password-1' };

/** Migrations on a fresh database take seconds; a server not up after this has hung. */
const START_TIMEOUT_MS = 120_000;
/** The flush on SIGTERM of a server far behind may take long, but not this long. */
const STOP_TIMEOUT_MS = 60_000;

const repoRoot = join(import.meta.dirname, '..', '..');
const serverDir = join(repoRoot, 'apps', 'server');

let built: Promise<void> | undefined;
/** `npm run build server` once per process: it returns at once when the bundle is fresh. */
const buildServer = () =>
  (built ??= new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [join(repoRoot, 'scripts', 'build.mjs'), 'server'], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`building the server failed (exit ${code})`)),
    );
  }));

/** A port nothing listens on now (the OS picks it). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/** Resident memory of a process in bytes (Linux /proc). */
export const rssOf = (pid: number): number => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : Number.NaN;
};

/** CPU seconds (user + system) a process has used (Linux /proc, 100 clock ticks a second). */
export const cpuSecondsOf = (pid: number): number => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

export interface ServerProcess {
  pid: number;
  url: string;
  port: number;
  mqttPort: number;
  /** The embedded broker's, or MQTT_URL when given. */
  mqttUrl: string;
  dataDir: string;
  /**
   * SIGTERM (the server flushes what it holds), then waits for the exit; SIGKILL after 60 s.
   * Calling it again is harmless.
   */
  stop(): Promise<void>;
  /** SIGKILL, as a crash: nothing is flushed. Resolves once it has exited. */
  kill(): Promise<void>;
  /** Removes the data directory. */
  remove(): void;
}

/** Where a server runs: a restart passes the ones of the server it replaces. */
export interface ServerPlace {
  dataDir: string;
  port: number;
  mqttPort: number;
}

export const startServer = async (
  env: Record<string, string> = {},
  place?: ServerPlace,
): Promise<ServerProcess> => {
  const dataDir = place?.dataDir ?? mkdtempSync(join(tmpdir(), 'nf-bench-'));
  const [port, mqttPort] = place
    ? [place.port, place.mqttPort]
    : [await freePort(), await freePort()];
  // BENCH_PROFILE_DIR=<dir> writes the server's CPU profile there when it stops (open it in
  // Chrome DevTools) to see where a run spends the server's core.
  const profile = process.env.BENCH_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
    : [];
  await buildServer();
  const child = spawn(process.execPath, [...profile, 'dist/server.js'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      MQTT_PORT: String(mqttPort),
      DATA_DIR: dataDir,
      WEB_DIST: '/nonexistent-web-dist',
      LOG_LEVEL: 'warn',
      NETFLEET_ADMIN_EMAIL: BENCH_ADMIN.email,
      NETFLEET_ADMIN_PASSWORD: BENCH_ADMIN.password,
      DATABASE_URL: '',
      MQTT_URL: '',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const name = `server ${port}`;
  let output = '';
  let timer: NodeJS.Timeout | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('netfleet is running at')) resolve();
      });
      void exitOf(child).then(() =>
        reject(new Error(`${name} exited with ${child.exitCode}: ${output}`)),
      );
      timer = setTimeout(
        () => reject(new Error(`${name} not up within ${START_TIMEOUT_MS / 1000} s: ${output}`)),
        START_TIMEOUT_MS,
      );
    });
  } catch (error) {
    await terminate(child, STOP_TIMEOUT_MS, name);
    if (!place) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  } finally {
    clearTimeout(timer);
    // Its later output (warnings and errors) is kept only in BENCH_SERVER_LOG (a file, appended
    // to): a server under load may log a lot.
    child.stdout.removeAllListeners('data');
    if (process.env.BENCH_SERVER_LOG) {
      child.stdout.pipe(createWriteStream(process.env.BENCH_SERVER_LOG, { flags: 'a' }));
    } else child.stdout.resume();
  }
  let stopped: Promise<void> | null = null;
  return {
    pid: child.pid ?? 0,
    url: `http://127.0.0.1:${port}`,
    port,
    mqttPort,
    mqttUrl: env.MQTT_URL || `mqtt://127.0.0.1:${mqttPort}`,
    dataDir,
    stop: () => (stopped ??= terminate(child, STOP_TIMEOUT_MS, name)),
    kill: () => {
      const exited = exitOf(child);
      child.kill('SIGKILL');
      return exited;
    },
    remove: () => rmSync(dataDir, { recursive: true, force: true }),
  };
};

/**
 * Headers of a console request with the session `cookie` from login(): the XSRF token (from its
 * cookie) that writes need, and JSON bodies.
 */
export const sessionHeaders = (cookie: string) => {
  const xsrf = /RMS-XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? '';
  return {
    cookie,
    'x-requested-with': 'XMLHttpRequest',
    'x-xsrf-token': decodeURIComponent(xsrf),
    'content-type': 'application/json',
  };
};

/** A session cookie of the bench admin. */
export const login = async (url: string): Promise<string> => {
  const response = await fetch(`${url}/account/login`, {
    method: 'POST',
    headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (response.status !== 200) throw new Error(`login failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
};

/**
 * A JSON client of the server's API with a fresh bench-admin session: resolves to the answer's
 * body, throws on any status but 200.
 */
export const sessionApi = async (url: string) => {
  const headers = sessionHeaders(await login(url));
  return async <T>(path: string, init: { method?: string; body?: unknown } = {}) => {
    const response = await fetch(`${url}${path}`, {
      method: init.method ?? 'GET',
      headers,
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    const body = (await response.json()) as T;
    if (response.status !== 200) {
      throw new Error(
        `${init.method ?? 'GET'} ${path}: ${response.status} ${JSON.stringify(body)}`,
      );
    }
    return body;
  };
};
