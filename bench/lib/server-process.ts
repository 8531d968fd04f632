// Starts the real server (apps/server/src/server.ts, the same entry as `npm start`) as a child
// process on a fresh DATA_DIR with the embedded PGlite and Aedes, so the benchmarks measure its
// memory and CPU apart from the load generator's.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const BENCH_ADMIN = { email: 'bench@netfleet.test', password: 'bench-password-1' };

const serverDir = join(import.meta.dirname, '..', '..', 'apps', 'server');

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

export interface ServerProcess {
  pid: number;
  url: string;
  mqttUrl: string;
  dataDir: string;
  /** SIGTERM (the server flushes what it holds), then waits for the exit. */
  stop(): Promise<void>;
  /** Removes the data directory. */
  remove(): void;
}

export const startServer = async (env: Record<string, string> = {}): Promise<ServerProcess> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'nf-bench-'));
  const [port, mqttPort] = [await freePort(), await freePort()];
  // BENCH_PROFILE_DIR=<dir> writes the server's CPU profile there when it stops (open it in
  // Chrome DevTools) to see where a run spends the server's core.
  const profile = process.env.BENCH_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
    : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      // The bench runner's tsx passes its own (relative) tsconfig down; the server needs its own.
      TSX_TSCONFIG_PATH: join(serverDir, 'tsconfig.json'),
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
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('netfleet is running at')) resolve();
    });
    void exited.then((code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  child.stdout.resume();
  return {
    pid: child.pid ?? 0,
    url: `http://127.0.0.1:${port}`,
    mqttUrl: `mqtt://127.0.0.1:${mqttPort}`,
    dataDir,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
    remove: () => rmSync(dataDir, { recursive: true, force: true }),
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
