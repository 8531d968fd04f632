import { spawn } from 'node:child_process';
import type { EventEmitter } from 'node:events';
import { stat, unlink } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  OPENVPN_ERROR_MAX_LENGTH,
  openvpnClientName,
  reconnectDelay,
  type OpenvpnClientReading,
  type OpenvpnClientStatus,
} from '@netfleet/contracts';
import {
  clientStatusOf,
  parseStateLine,
  parseStatusBytes,
  queryManagement,
} from './openvpn-management.ts';

// One OpenVPN client instance of netfleet-agent (`nf_hub_<id>`): the `openvpn` process, kept
// running (restarted with back-off when it exits), and its status as the vpn telemetry reports it.

/** What the agent needs of a child process; tests give a stand-in. */
export interface VpnProcess extends EventEmitter {
  readonly pid?: number;
  readonly stdout: Readable | null;
  readonly stderr: Readable | null;
  kill(signal?: NodeJS.Signals): boolean;
}
export type SpawnVpn = (file: string, args: readonly string[]) => VpnProcess;

export const spawnOpenvpn: SpawnVpn = (file, args) =>
  spawn(file, args, { shell: false, stdio: ['ignore', 'pipe', 'pipe'] });

/** A run this long counts as stable: the next exit restarts after the shortest back-off again. */
const STABLE_RUN_MS = 60_000;
/** After SIGTERM, OpenVPN gets this long to take its routes down before SIGKILL. */
const STOP_GRACE_MS = 5000;
const POLL_MS = 100;
/** How long after a start the status is watched for the tunnel coming up. */
const WATCH_MS = 120_000;

/** OpenVPN's log lines that say why it is not connected (it prints many that do not). */
const ERROR_LINE = /AUTH_FAILED|\b(error|fail(ed|ure)?|cannot|can't|refused|unreachable|denied)\b/i;

/** A message the telemetry takes: printable, one line, bounded. */
export const boundedError = (text: string): string =>
  text
    .replace(/[^\x20-\x7e\u00a0-\uffff]+/g, ' ')
    .trim()
    .slice(0, OPENVPN_ERROR_MAX_LENGTH);

const isSocket = (path: string) =>
  stat(path).then(
    (s) => s.isSocket(),
    () => false,
  );
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface OpenvpnClientOptions {
  hubId: number;
  profilePath: string;
  /** The instance's management socket; its directory must be the agent's own (mode 0700). */
  socketPath: string;
  spawn: SpawnVpn;
  /** The status changed (started, connected, exited): worth a vpn reading now. */
  onChange: () => void;
  log: (message: string) => void;
  /** How long a start waits for the management socket before it counts as started anyway. */
  startupWaitMs?: number;
  /** Between two looks while watching (default 2 s). */
  watchEveryMs?: number;
  random?: () => number;
}

/** How an instance that is not running ended. */
interface Ended {
  status: Extract<OpenvpnClientStatus, 'stopped' | 'failed'>;
  at: number;
  error: string | null;
}

export class OpenvpnClient {
  readonly name: string;
  private child: VpnProcess | null = null;
  private stopping = false;
  private attempt = 0;
  private startedAt = 0;
  private restartTimer: NodeJS.Timeout | null = null;
  private watchTimer: NodeJS.Timeout | null = null;
  private ended: Ended | null = null;
  /** The last error OpenVPN printed in this run, until it connected. */
  private lastError: string | null = null;
  private exited: Promise<void> = Promise.resolve();
  /** The openvpn program of the last start, which restarts run again. */
  private binary = '';

  constructor(private readonly options: OpenvpnClientOptions) {
    this.name = openvpnClientName(options.hubId);
  }

  /**
   * Starts OpenVPN (`binary`) and resolves once it runs: its management socket is there, or it is
   * still running after the startup wait. Resolves with why when it could not start or exited
   * before (`Options error: …`). Either way it is supervised from now on, until stop().
   */
  async start(binary: string): Promise<string | null> {
    this.stopping = false;
    this.binary = binary;
    const { socketPath } = this.options;
    await this.stopOrphan();
    // Gone or stale (an agent killed with its instance): a socket there now is the new process's.
    await unlink(socketPath).catch(() => undefined);
    if (this.stopping) return 'stopped while starting';
    this.launch();
    const deadline = Date.now() + (this.options.startupWaitMs ?? 5000);
    while (this.child && Date.now() < deadline && !(await isSocket(socketPath)))
      await sleep(POLL_MS);
    if (!this.child) return this.ended?.error ?? 'OpenVPN exited at once';
    this.watch();
    this.options.onChange();
    return null;
  }

  /** Stops the process (SIGTERM, then SIGKILL) and its supervision. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    if (this.watchTimer) clearTimeout(this.watchTimer);
    this.restartTimer = this.watchTimer = null;
    const child = this.child;
    if (!child) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await this.exited;
    clearTimeout(killer);
  }

  /** Marks an instance that cannot run at all (no OpenVPN, not root) as failed, with why. */
  cannotRun(error: string): void {
    this.ended = { status: 'failed', at: Date.now(), error: boundedError(error) };
  }

  async reading(): Promise<OpenvpnClientReading> {
    const base = { hub_id: this.options.hubId, name: this.name, bytes_sent: 0, bytes_received: 0 };
    if (!this.child) {
      const ended = this.ended ?? { status: 'stopped', at: Date.now(), error: null };
      return { ...base, status: ended.status, ip: null, since: ended.at, error: ended.error };
    }
    let answers: string[][];
    try {
      answers = await queryManagement(this.options.socketPath, ['state', 'status']);
    } catch {
      return { ...base, status: 'connecting', ip: null, since: null, error: this.lastError };
    }
    const [stateLines = [], statusLines = []] = answers;
    const state = stateLines.map(parseStateLine).find((s) => s !== null) ?? null;
    const status = state ? clientStatusOf(state.name) : 'connecting';
    const bytes = parseStatusBytes(statusLines);
    if (status === 'connected') this.lastError = null;
    return {
      ...base,
      status,
      ip: status === 'connected' ? (state?.ip ?? null) : null,
      bytes_sent: bytes.sent,
      bytes_received: bytes.received,
      since: status === 'connecting' ? null : (state?.at ?? null),
      error: this.lastError,
    };
  }

  private launch() {
    const { profilePath, socketPath } = this.options;
    // After --config, so the profile cannot change them: no scripts, our management socket.
    const args = [
      ['--config', profilePath],
      ['--management', socketPath, 'unix'],
      ['--script-security', '1'],
      ['--suppress-timestamps'],
    ].flat();
    const child = this.options.spawn(this.binary, args);
    this.child = child;
    this.startedAt = Date.now();
    this.lastError = null;
    let done: () => void = () => undefined;
    this.exited = new Promise((resolve) => (done = resolve));
    const onLine = (line: string) => {
      if (ERROR_LINE.test(line)) this.lastError = boundedError(line);
    };
    for (const stream of [child.stdout, child.stderr]) {
      let partial = '';
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => {
        const lines = (partial + chunk).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) onLine(line);
      });
    }
    let over = false;
    const end = (error: string | null) => {
      if (over) return;
      over = true;
      this.child = null;
      this.exitedWith(error);
      done();
    };
    child.on('error', (error: Error) => {
      // A program that could not be started (ENOENT, EACCES) has no pid and no exit to wait for.
      if (child.pid === undefined) end(`OpenVPN could not be started: ${error.message}`);
    });
    // `close`, not `exit`: the last lines (OpenVPN's complaint) may still be in the pipes at exit.
    child.on('close', (code: number | null, signal: NodeJS.Signals | null) =>
      end(
        code === 0
          ? null
          : (this.lastError ??
              (code !== null
                ? `OpenVPN exited with code ${code}`
                : `OpenVPN was killed by ${signal}`)),
      ),
    );
  }

  private exitedWith(error: string | null) {
    if (this.watchTimer) clearTimeout(this.watchTimer);
    this.watchTimer = null;
    this.ended = { status: error ? 'failed' : 'stopped', at: Date.now(), error };
    if (this.stopping) return;
    if (Date.now() - this.startedAt >= STABLE_RUN_MS) this.attempt = 0;
    const delay = reconnectDelay(this.attempt, this.options.random);
    this.attempt += 1;
    this.options.log(
      `${this.name}: OpenVPN ended (${error ?? 'exit code 0'}); restarting in ${Math.ceil(delay / 1000)} s`,
    );
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      if (this.stopping) return;
      void this.start(this.binary);
    }, delay);
    this.options.onChange();
  }

  /**
   * Looks at the status every few seconds after a start until the tunnel is up (or the watch
   * ends), so the console sees `connected` without waiting for the next monitoring period.
   */
  private watch() {
    const until = Date.now() + WATCH_MS;
    let last: OpenvpnClientStatus = 'connecting';
    const look = async () => {
      this.watchTimer = null;
      const { status } = await this.reading();
      if (this.stopping || !this.child) return;
      if (status !== last) this.options.onChange();
      last = status;
      if (status !== 'connected' && Date.now() < until) schedule();
    };
    const schedule = () => {
      this.watchTimer = setTimeout(() => void look(), this.options.watchEveryMs ?? 2000);
    };
    schedule();
  }

  /**
   * An OpenVPN of this instance still running from before (the agent was killed without stopping
   * it) answers on the socket: ask it to exit, so two clients do not fight over one certificate.
   */
  private async stopOrphan() {
    const { socketPath } = this.options;
    if (!(await isSocket(socketPath))) return;
    try {
      await queryManagement(socketPath, ['signal SIGTERM']);
    } catch {
      return;
    }
    const deadline = Date.now() + STOP_GRACE_MS;
    while ((await isSocket(socketPath)) && Date.now() < deadline) await sleep(POLL_MS);
  }
}
