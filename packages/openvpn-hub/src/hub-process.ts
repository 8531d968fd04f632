import { type ChildProcess, spawn } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import type { HubLogger } from './hub-logger';
import { createHubLog, type HubLog } from './hub-log';
import type { HubProcessState, HubStatus } from './hub-runtime.port';
import type { HubFilePaths } from './openvpn-config';
import type { HostProbeResult } from './openvpn-host';
import { connectManagement, type ManagementClient } from './openvpn-management';

export interface HubProcessOptions {
  hubId: number;
  paths: HubFilePaths;
  /** Runs OpenVPN inside this network namespace (`ip netns exec`). */
  netns?: string | undefined;
  log: HubLogger;
  now: () => Date;
  probe: () => Promise<HostProbeResult>;
  onStatus: (status: HubStatus) => void;
  /** Called each time the process becomes ready (its device exists again). */
  onReady: () => Promise<void>;
  /** Called when the process is gone (its device and routes with it). */
  onExit: () => void;
}

const READY_TIMEOUT_MS = 15_000;
const STOP_GRACE_MS = 5000;
const BACKOFF_MIN_MS = 1000;
const BACKOFF_MAX_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const signal = (pid: number, name: NodeJS.Signals) => {
  try {
    process.kill(pid, name);
  } catch {
    // Gone already.
  }
};

const isRunning = (pid: number) =>
  readFile(`/proc/${pid}/cmdline`, 'utf8').then(
    (cmdline) => cmdline.split('\0'),
    () => null,
  );

/**
 * Ends the OpenVPN a previous netfleet run left running (netfleet was killed; its children live
 * on and hold the hub's port), found by its pid file and recognised by its config path.
 */
const endLeftover = async (paths: HubFilePaths, log: HubProcessOptions['log']) => {
  const pid = Number((await readFile(paths.pid, 'utf8').catch(() => '')).trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return;
  if (!(await isRunning(pid))?.includes(paths.config)) return;
  log.warn({ pid, config: paths.config }, 'Ending a VPN hub process left by a previous run');
  signal(pid, 'SIGTERM');
  for (let waited = 0; waited < STOP_GRACE_MS; waited += 100) {
    if (!(await isRunning(pid))) return;
    await sleep(100);
  }
  signal(pid, 'SIGKILL');
};

/**
 * One hub's OpenVPN process: started on `run`, restarted with backoff (1 s doubling to 30 s)
 * whenever it exits while it should run, stopped with SIGTERM and, after 5 s, SIGKILL. Ready means
 * the management interface reports `CONNECTED` (initialisation complete: device up, socket bound).
 */
export const createHubProcess = (options: HubProcessOptions) => {
  const { paths, log, now } = options;
  let status: HubStatus = { state: 'stopped', error: null, startedAt: null };
  let child: ChildProcess | null = null;
  let management: ManagementClient | null = null;
  /** A reconnection in progress, shared by the commands that wait for it. */
  let reconnecting: Promise<ManagementClient> | null = null;
  let wanted = false;
  let backoffMs = BACKOFF_MIN_MS;
  let retry: NodeJS.Timeout | null = null;
  /** Which spawn the events belong to; a restart makes the previous one's events stale. */
  let generation = 0;
  const waiters: (() => void)[] = [];

  const setStatus = (state: HubProcessState, error: string | null = null) => {
    status = { state, error, startedAt: state === 'running' ? now() : null };
    options.onStatus(status);
    if (state !== 'starting') for (const resolve of waiters.splice(0)) resolve();
  };

  const settled = () =>
    status.state === 'starting'
      ? new Promise<void>((resolve) => waiters.push(resolve))
      : Promise.resolve();

  const scheduleRetry = () => {
    if (!wanted || retry) return;
    const delay = backoffMs;
    backoffMs = Math.min(backoffMs * 2, BACKOFF_MAX_MS);
    retry = setTimeout(() => {
      retry = null;
      launch();
    }, delay);
  };

  /** Starts in the background; what throws before OpenVPN runs (files, the probe) is a failure. */
  const launch = () => {
    const mine = generation + 1;
    start().catch((error: Error) => {
      if (mine !== generation || !wanted) return;
      setStatus('failed', error.message);
      scheduleRetry();
    });
  };

  const waitReady = async (mine: number, hubLog: HubLog, exited: AbortSignal) => {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    try {
      const client = await connectManagement(paths.management, {
        timeoutMs: READY_TIMEOUT_MS,
        signal: exited,
      });
      if (mine !== generation) return client.close();
      management = client;
      for (;;) {
        const state = await client.command('state');
        if (mine !== generation) return;
        if (state.some((line) => line.split(',')[1] === 'CONNECTED')) break;
        if (Date.now() > deadline) throw new Error('OpenVPN did not finish starting in 15 s');
        await sleep(100);
      }
    } catch (error) {
      // An exit explains itself (handled on 'close'); a live process that never got ready is ended.
      if (mine !== generation || !child) return;
      setStatus('failed', hubLog.lastMeaningful() ?? (error as Error).message);
      child.kill('SIGKILL');
      return;
    }
    backoffMs = BACKOFF_MIN_MS;
    setStatus('running');
    await options
      .onReady()
      .catch((error: Error) =>
        log.error({ hubId: options.hubId, err: error }, 'VPN hub set-up after start failed'),
      );
  };

  const start = async () => {
    const mine = ++generation;
    setStatus('starting');
    const host = await options.probe();
    if (mine !== generation || !wanted) return;
    if (!host.available) {
      setStatus('failed', `${host.reason} ${host.fix}`);
      scheduleRetry();
      return;
    }
    await endLeftover(paths, log);
    // A socket left by a killed process would answer nothing.
    await rm(paths.management, { force: true });
    if (mine !== generation || !wanted) return;
    const args = ['--config', paths.config];
    const [command, commandArgs] = options.netns
      ? ['ip', ['netns', 'exec', options.netns, host.binary, ...args]]
      : [host.binary, args];
    const hubLog = createHubLog(paths.log, now);
    const proc = spawn(command, commandArgs, { cwd: paths.dir, stdio: ['ignore', 'pipe', 'pipe'] });
    child = proc;
    proc.stdout.setEncoding('utf8').on('data', (chunk: string) => hubLog.write(chunk));
    proc.stderr.setEncoding('utf8').on('data', (chunk: string) => hubLog.write(chunk));
    const exited = new AbortController();
    const onGone = (code: number | null, signal: NodeJS.Signals | null) => {
      if (exited.signal.aborted) return;
      exited.abort();
      hubLog.close();
      if (child === proc) child = null;
      if (mine !== generation) return;
      management?.close();
      management = null;
      options.onExit();
      if (!wanted) {
        setStatus('stopped');
        return;
      }
      const how = signal ? `was ended by ${signal}` : `exited with code ${code}`;
      const reason = hubLog.lastMeaningful() ?? `OpenVPN ${how}`;
      log.warn({ hubId: options.hubId, code, signal, reason }, 'VPN hub process exited');
      if (status.state !== 'failed') setStatus('failed', reason);
      scheduleRetry();
    };
    proc.on('close', onGone);
    proc.on('error', (error) => {
      hubLog.write(`${error.message}\n`);
      // Not started at all (no pid): no 'close' is promised, so this is the end.
      if (proc.pid === undefined) onGone(null, null);
    });
    log.info({ hubId: options.hubId, pid: proc.pid, netns: options.netns }, 'VPN hub starting');
    await waitReady(mine, hubLog, exited.signal);
  };

  /** Ends the current process (if any) and waits for it; SIGKILL after the grace time. */
  const end = async () => {
    generation += 1;
    management?.close();
    management = null;
    const proc = child;
    child = null;
    const alive = proc?.pid !== undefined && proc.exitCode === null && proc.signalCode === null;
    if (proc && alive) {
      const gone = new Promise((resolve) => proc.once('close', resolve));
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), STOP_GRACE_MS);
      await gone;
      clearTimeout(timer);
    }
    options.onExit();
  };

  const cancelRetry = () => {
    if (retry) clearTimeout(retry);
    retry = null;
  };

  return {
    status: () => status,
    /** Runs the hub if it does not run yet; resolves once it is running or has failed. */
    async run(): Promise<HubStatus> {
      wanted = true;
      if (!child && !retry && status.state !== 'starting') {
        backoffMs = BACKOFF_MIN_MS;
        launch();
      }
      await settled();
      return status;
    },
    /** Stops and starts again (the server configuration changed). */
    async restart(): Promise<HubStatus> {
      wanted = true;
      cancelRetry();
      await end();
      backoffMs = BACKOFF_MIN_MS;
      launch();
      await settled();
      return status;
    },
    async stop() {
      wanted = false;
      cancelRetry();
      await end();
      if (status.state !== 'stopped') setStatus('stopped');
    },
    /** A management command, or null when the hub is not running. */
    async command(line: string): Promise<string[] | null> {
      if (status.state !== 'running' || !child) return null;
      if (!management || management.closed) {
        const mine = generation;
        reconnecting ??= connectManagement(paths.management, { timeoutMs: 2000 }).finally(() => {
          reconnecting = null;
        });
        const client = await reconnecting;
        // OpenVPN serves one management client: a stale one would lock the new process out.
        if (mine !== generation) {
          client.close();
          return null;
        }
        management = client;
      }
      return management.command(line);
    },
  };
};

export type HubProcess = ReturnType<typeof createHubProcess>;
