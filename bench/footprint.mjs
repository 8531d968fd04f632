#!/usr/bin/env node
// Footprint of the embedded configuration (issue 22): starts the server the way
// `npm start -w @netfleet/server` does (its package's start script, on a built web app), on a fresh
// DATA_DIR with PGlite and Aedes and free ports, and measures
//   - the time from spawn until GET / (the login page) answers 200, on the empty DATA_DIR (initdb,
//     migrations, seed) and again after a restart on the same DATA_DIR;
//   - the resident memory (VmRSS) of the server's process tree after FOOTPRINT_IDLE_SECONDS (30)
//     idle after each of those starts, each process apart (a loader's helper processes count:
//     they are part of what runs).
// Writes bench/results/footprint-<date>[-<FOOTPRINT_LABEL>].json (or under BENCH_RESULTS_DIR).
// Plain JavaScript on purpose: it must not load a TypeScript loader of its own next to the server.
import { execFileSync, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const root = join(import.meta.dirname, '..');
const serverDir = join(root, 'apps', 'server');
const idleSeconds = Number(process.env.FOOTPRINT_IDLE_SECONDS ?? 30);
/** initdb and 40-odd migrations on a slow shared machine take seconds; this long means hung. */
const START_TIMEOUT_MS = 120_000;
const MiB = 1024 * 1024;

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const statusField = (pid, field) => {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(
    readFileSync(`/proc/${pid}/status`, 'utf8'),
  );
  return match ? Number(match[1]) * 1024 : Number.NaN;
};

/** `pid` and every process below it (Linux /proc), parents first. */
const processTree = (pid) => {
  const children = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {
      // The process ended while the list was read.
    }
  }
  const tree = [];
  const visit = (p) => {
    tree.push(p);
    for (const child of children.get(p) ?? []) visit(child);
  };
  visit(pid);
  return tree;
};

const commandOf = (pid) =>
  readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ').slice(0, 160);

const memoryOf = (pid) =>
  processTree(pid).map((p) => ({
    pid: p,
    command: commandOf(p),
    rss_mib: +(statusField(p, 'VmRSS') / MiB).toFixed(1),
    peak_rss_mib: +(statusField(p, 'VmHWM') / MiB).toFixed(1),
  }));

/** The server package's own start script, run as npm would (its bins on PATH, in its folder). */
const startCommand = () => {
  const script = JSON.parse(readFileSync(join(serverDir, 'package.json'), 'utf8')).scripts.start;
  // exec: the measured pid is the server (or its loader), not a shell waiting for it.
  return `exec ${script}`;
};

const startServer = (env) => {
  const startedAt = performance.now();
  const child = spawn('sh', ['-c', startCommand()], {
    cwd: serverDir,
    env: {
      ...process.env,
      PATH: [
        join(serverDir, 'node_modules', '.bin'),
        join(root, 'node_modules', '.bin'),
        process.env.PATH,
      ].join(':'),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NETFLEET_ADMIN_EMAIL: 'footprint@netfleet.test',
      NETFLEET_ADMIN_PASSWORD: 'footprint-password-1',
      DATABASE_URL: '',
      MQTT_URL: '',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return { child, startedAt, exited, output: () => output };
};

/** Milliseconds from spawn until GET / answers 200 (polled every 25 ms). */
const waitForLoginPage = async (server, url) => {
  let done = false;
  void server.exited.then(() => (done = true));
  while (performance.now() - server.startedAt < START_TIMEOUT_MS) {
    if (done) throw new Error(`the server exited before answering:\n${server.output()}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - server.startedAt;
    } catch {
      // Not listening yet.
    }
    await sleep(25);
  }
  throw new Error(`GET ${url} not 200 within ${START_TIMEOUT_MS / 1000} s:\n${server.output()}`);
};

const stopServer = async (server) => {
  server.child.kill('SIGTERM');
  const stopped = await Promise.race([server.exited.then(() => true), sleep(60_000, false)]);
  if (!stopped) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
};

const main = async () => {
  if (!existsSync(join(root, 'apps', 'web', 'dist', 'index.html'))) {
    throw new Error('apps/web/dist is missing: build the web app first (npm run build).');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'nf-footprint-'));
  const [port, mqttPort] = [await freePort(), await freePort()];
  const env = { PORT: String(port), MQTT_PORT: String(mqttPort), DATA_DIR: dataDir };
  const url = `http://127.0.0.1:${port}/`;
  const loadBefore = loadavg();
  // The server being measured, stopped on the way out whatever happens.
  let running;
  try {
    const total = (rows) => +rows.reduce((sum, row) => sum + row.rss_mib, 0).toFixed(1);
    /** Starts the server, waits for the login page, then idles and reads the process tree. */
    const measure = async (name) => {
      const server = (running = startServer(env));
      const startMs = await waitForLoginPage(server, url);
      console.log(`${name}: login page 200 after ${(startMs / 1000).toFixed(2)} s`);
      const ready = memoryOf(server.child.pid);
      await sleep(idleSeconds * 1000);
      const idle = memoryOf(server.child.pid);
      console.log(`${name}, idle ${idleSeconds} s: RSS ${total(idle)} MiB`);
      for (const row of idle) console.log(`  ${row.pid} ${row.rss_mib} MiB  ${row.command}`);
      await stopServer(server);
      return {
        start_s: +(startMs / 1000).toFixed(2),
        ready_rss_mib: total(ready),
        idle_rss_mib: total(idle),
        processes_idle: idle,
      };
    };
    // The first start creates the database (initdb, migrations, seed); the second is the usual
    // restart of an installed console.
    const fresh = await measure('fresh DATA_DIR');
    const restart = await measure('restart on the same DATA_DIR');

    const result = {
      date: new Date().toISOString(),
      commit: execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root })
        .toString()
        .trim(),
      // Measured on a working tree with changes not in `commit` (another helper's, or the one
      // being measured).
      uncommitted_changes:
        execFileSync('git', ['status', '--porcelain'], { cwd: root }).toString().trim() !== '',
      node: process.version,
      cpu: cpus()[0]?.model,
      cores: cpus().length,
      load_average_before: loadBefore.map((n) => +n.toFixed(2)),
      start_command: startCommand(),
      idle_seconds: idleSeconds,
      fresh,
      restart,
    };
    const dir = process.env.BENCH_RESULTS_DIR ?? join(root, 'bench', 'results');
    mkdirSync(dir, { recursive: true });
    const label = process.env.FOOTPRINT_LABEL ? `-${process.env.FOOTPRINT_LABEL}` : '';
    const file = join(dir, `footprint-${result.date.slice(0, 10)}${label}.json`);
    writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`written to ${file}`);
  } finally {
    if (running) await stopServer(running);
    rmSync(dataDir, { recursive: true, force: true });
  }
};

await main();
