import { execFile, spawn } from 'node:child_process';
import { basename, join } from 'node:path';
import { mkdir } from 'node:fs/promises';
import { promisify } from 'node:util';
import {
  ESIM_MESSAGES,
  commandTimedOutMessage,
  firmwareUpdateArgsSchema,
  type CommandMessage,
} from '@netfleet/contracts';
import { alertsConfigJob } from '../alert-jobs.ts';
import { collectConfigJob } from '../collect-jobs.ts';
import { exitCodeOutcome, parseCommandArgs } from '../command-args.ts';
import { downloadVerified, progressThrottle } from '../download.ts';
import { HUB_MESSAGES } from '../hub-jobs.ts';
import { PASSWORD_CHANGED, parseSetPasswordArgs } from '../set-password-args.ts';
import type { AgentConfigStore } from './agent-config.ts';
import { agentBackupExport, agentBackupRestore, type AgentBackupOptions } from './agent-backup.ts';
import { agentFileGet, agentFilePut, type AgentFileOptions } from './agent-files.ts';
import type { AlertStore } from './alert-store.ts';
import type { CollectStore } from './collect-store.ts';
import type { HubMode } from './hub-mode.ts';
import type { VpnClients } from './vpn-clients.ts';
import { lanHosts } from './lan-hosts.ts';
import type { CommandContext, CommandOutcome } from '../types.ts';
import { resolveCommand } from './allow-list.ts';

const run = promisify(execFile);

/** Ack results are capped at 16 KiB; keep the end, where errors and summaries are. */
export const MAX_RESULT_CHARS = 16_000;
export const truncateOutput = (text: string, tailLines?: number): string => {
  const lines = tailLines ? text.trimEnd().split('\n').slice(-tailLines).join('\n') : text;
  return lines.length > MAX_RESULT_CHARS
    ? `[truncated]\n${lines.slice(-MAX_RESULT_CHARS + 20)}`
    : lines;
};

const NO_VPN_CLIENTS = 'The agent runs no VPN hub clients';

export const HOTSPOT_NOT_SUPPORTED =
  'Hotspot users are not supported by netfleet-agent on this platform';

/** A program and its arguments, run without a shell. */
export interface Program {
  file: string;
  args: readonly string[];
}

/** What `set_password` runs: reads `user:password` lines on stdin (shadow-utils and BusyBox). */
export const CHPASSWD: Program = { file: 'chpasswd', args: [] };
export const DEFAULT_PASSWORD_USER = 'root';
/** How long chpasswd may take, in seconds, before it is stopped and the job fails. */
export const CHPASSWD_TIMEOUT_SECONDS = 30;
export const PASSWORD_CHANGE_DISABLED =
  'Password changes are not allowed on this device (start netfleet-agent with --allow-password-change)';

/** A user name chpasswd can take: no `:`, no line break, no leading `-` (as useradd accepts). */
export const isValidUserName = (name: string): boolean =>
  /^[A-Za-z_][A-Za-z0-9_.-]{0,31}\$?$/.test(name);

export interface LinuxCommandOptions extends AgentBackupOptions, AgentFileOptions {
  allowReboot: boolean;
  /** Obey `set_password` (--allow-password-change); otherwise such jobs are rejected. */
  allowPasswordChange?: boolean;
  /** Whose password `set_password` sets (--password-user; default root). */
  passwordUser?: string;
  /** The program `set_password` runs (default CHPASSWD from PATH); tests put a stand-in here. */
  chpasswd?: Program;
  /** A script that installs a downloaded image (its path is the one argument); unset = disabled. */
  firmwareScript?: string;
  downloadDir: string;
  /** The agent's own settings, which `config_get` reads and `config_set` changes. */
  config: AgentConfigStore;
  /** The data-collect set, which `collect_config` replaces. */
  collect: CollectStore;
  /** The device alert set, which `alerts_config` replaces (absent: those jobs fail). */
  alerts?: AlertStore;
  /** The clients of VPN hubs, which `vpn_join` and `vpn_leave` change (absent: those jobs fail). */
  vpn?: VpnClients;
  /** The hubs this machine runs (`--hub`), which the `vpn_hub_*` jobs change; absent: rejected. */
  hub?: HubMode;
  /** Records a job that finishes when this process ends (reboot, firmware apply). */
  markPending: (id: number, type: string) => Promise<void>;
  clearPending: (id: number) => Promise<void>;
}

const errorText = (error: unknown) => {
  const e = error as { stderr?: string; stdout?: string; message?: string };
  return `${e.stdout ?? ''}${e.stderr ?? ''}` || e.message || String(error);
};

/** How long a `command` may run when the job gives no `timeout`, in seconds. */
export const DEFAULT_COMMAND_TIMEOUT_SECONDS = 30;
/** A timed-out command gets SIGTERM, then SIGKILL if it is still there this much later. */
export const KILL_GRACE_MS = 1000;
/** Each of stdout and stderr keeps at most this much (its end) while the command runs. */
const MAX_OUTPUT_CHARS = 1024 * 1024;

export interface ProcessResult {
  /** The exit code; null when a signal ended the process or it never started. */
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The timeout ended it. */
  timedOut: boolean;
  /** stdout, then stderr. */
  output: string;
  /** stderr alone. */
  stderr: string;
  /** Why it could not be started (`spawn logread ENOENT`). */
  startError?: string;
}

/**
 * Runs a program without a shell. Past `timeoutMs` it is sent SIGTERM, and SIGKILL after
 * KILL_GRACE_MS; the answer comes once the process has exited. `input`, when given, is written to
 * its stdin (which is then closed); without it stdin is /dev/null.
 */
export const runProcess = (
  file: string,
  args: readonly string[],
  timeoutMs: number,
  input?: string,
): Promise<ProcessResult> =>
  new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    let settled = false;
    let killTimer: NodeJS.Timeout | undefined;
    const keepEnd = (text: string) =>
      text.length > 2 * MAX_OUTPUT_CHARS ? text.slice(-MAX_OUTPUT_CHARS) : text;
    const child =
      input === undefined
        ? spawn(file, args, { shell: false, stdio: ['ignore', 'pipe', 'pipe'] })
        : spawn(file, args, { shell: false, stdio: ['pipe', 'pipe', 'pipe'] });
    const finish = (result: Omit<ProcessResult, 'timedOut' | 'output' | 'stderr'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(killTimer);
      resolve({ ...result, timedOut, output: `${stdout}${stderr}`, stderr });
    };
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGTERM');
      killTimer = setTimeout(() => child.kill('SIGKILL'), KILL_GRACE_MS);
    }, timeoutMs);
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => (stdout = keepEnd(stdout + chunk)));
    child.stderr.on('data', (chunk: string) => (stderr = keepEnd(stderr + chunk)));
    child.on('error', (error) => {
      // Only a failed start ends the run here; a failed kill leaves it to the exit.
      if (child.pid === undefined) finish({ code: null, signal: null, startError: error.message });
    });
    child.on('close', (code, signal) => finish({ code, signal }));
    if (input !== undefined && child.stdin) {
      // A program that exits without reading all of it closes the pipe (EPIPE): not our error.
      child.stdin.on('error', () => undefined);
      child.stdin.end(input);
    }
    // A killed command is done when it exits, even if something it started holds its output open.
    child.on('exit', (code, signal) => {
      if (timedOut) finish({ code, signal });
    });
  });

const shellCommand = async (command: CommandMessage): Promise<CommandOutcome> => {
  const parsed = parseCommandArgs(command);
  if ('rejected' in parsed) return parsed.rejected;
  const { args } = parsed;
  const resolved = resolveCommand(args.command);
  if ('error' in resolved) return { status: 'rejected', message: resolved.error };
  const timeout = args.timeout ?? DEFAULT_COMMAND_TIMEOUT_SECONDS;
  const run = await runProcess(resolved.file, resolved.args, timeout * 1000);
  if (run.startError !== undefined) {
    return { status: 'failed', message: 'command failed', result: truncateOutput(run.startError) };
  }
  const result = truncateOutput(run.output, resolved.tailLines);
  if (run.timedOut) return { status: 'failed', message: commandTimedOutMessage(timeout), result };
  if (run.code === null) {
    return { status: 'failed', message: `Killed by ${run.signal ?? 'a signal'}`, result };
  }
  return exitCodeOutcome(run.code, result, args);
};

/**
 * Sets the password of the configured user: `user:password` goes to chpasswd's stdin, never its
 * argv, so no other process sees it. Nothing that leaves here (ack message, result) contains it.
 */
const setPassword = async (
  command: CommandMessage,
  options: LinuxCommandOptions,
): Promise<CommandOutcome> => {
  if (!options.allowPasswordChange) {
    return { status: 'rejected', message: PASSWORD_CHANGE_DISABLED };
  }
  const parsed = parseSetPasswordArgs(command);
  if ('rejected' in parsed) return parsed.rejected;
  const { password } = parsed.args;
  const user = options.passwordUser ?? DEFAULT_PASSWORD_USER;
  if (!isValidUserName(user)) {
    return { status: 'rejected', message: 'the configured --password-user is not a user name' };
  }
  const program = options.chpasswd ?? CHPASSWD;
  const run = await runProcess(
    program.file,
    program.args,
    CHPASSWD_TIMEOUT_SECONDS * 1000,
    `${user}:${password}\n`,
  );
  // Should chpasswd ever echo its input, the password still does not reach the ack.
  const scrub = (text: string) => text.split(password).join('********').trim().slice(0, 1000);
  if (run.startError !== undefined) {
    return { status: 'failed', message: `chpasswd could not be started: ${scrub(run.startError)}` };
  }
  if (run.timedOut) {
    return { status: 'failed', message: `chpasswd timed out after ${CHPASSWD_TIMEOUT_SECONDS} s` };
  }
  if (run.code === 0) return { status: 'completed', message: PASSWORD_CHANGED };
  return {
    status: 'failed',
    message:
      scrub(run.stderr) ||
      (run.code === null
        ? `chpasswd was killed by ${run.signal ?? 'a signal'}`
        : `chpasswd exited with code ${run.code}`),
  };
};

const reboot = async (
  command: CommandMessage,
  context: CommandContext,
  options: LinuxCommandOptions,
) => {
  if (!options.allowReboot) {
    return {
      status: 'rejected',
      message: 'reboot is disabled: start netfleet-agent with --allow-reboot',
    } as const;
  }
  await context.progress(0, 1, 'rebooting');
  await options.markPending(command.id, 'reboot');
  try {
    await run('reboot', [], { timeout: 30_000 });
  } catch (error) {
    await options.clearPending(command.id);
    return {
      status: 'failed',
      message: `reboot failed: ${errorText(error).slice(0, 500)}`,
    } as const;
  }
  // The box is going down; the next start acks the job from the pending list.
  return new Promise<CommandOutcome>(() => undefined);
};

/**
 * Downloads and verifies the image; installs it only when a firmware script was configured.
 * Without one the job fails with "downloaded, apply disabled" (the download is kept).
 */
const firmwareUpdate = async (
  command: CommandMessage,
  context: CommandContext,
  options: LinuxCommandOptions,
): Promise<CommandOutcome> => {
  const args = firmwareUpdateArgsSchema.safeParse(command.args);
  if (!args.success) return { status: 'rejected', message: 'invalid firmware_update arguments' };
  const name = basename(args.data.name).replace(/[^A-Za-z0-9._-]/g, '_') || 'firmware.bin';
  await mkdir(options.downloadDir, { recursive: true });
  const path = join(options.downloadDir, name);
  await downloadVerified({
    url: args.data.url,
    size: args.data.size,
    sha256: args.data.sha256,
    path,
    onProgress: progressThrottle(
      (bytes, total) => void context.progress(bytes, total, 'downloading'),
    ),
  });
  if (!options.firmwareScript) {
    return {
      status: 'failed',
      message: `downloaded, apply disabled: verified image at ${path}; start netfleet-agent with --allow-firmware <script> to install`,
    };
  }
  await context.progress(args.data.size, args.data.size, 'verified, installing');
  await options.markPending(command.id, 'firmware_update');
  try {
    const { stdout, stderr } = await run(options.firmwareScript, [path], {
      timeout: 30 * 60_000,
      shell: false,
    });
    await options.clearPending(command.id);
    return {
      status: 'completed',
      message: `installed ${name}`,
      result: truncateOutput(`${stdout}${stderr}`),
    };
  } catch (error) {
    await options.clearPending(command.id);
    return {
      status: 'failed',
      message: 'firmware script failed',
      result: truncateOutput(errorText(error)),
    };
  }
};

export const runLinuxCommand = (
  command: CommandMessage,
  context: CommandContext,
  options: LinuxCommandOptions,
): Promise<CommandOutcome> => {
  switch (command.type) {
    case 'reboot':
      return reboot(command, context, options);
    case 'update_metrics_data':
      context.sendAllTelemetry();
      return Promise.resolve({ status: 'completed' });
    case 'firmware_update':
      return firmwareUpdate(command, context, options);
    case 'command':
      return shellCommand(command);
    case 'hotspot_users':
    case 'hotspot_sessions':
    case 'hotspot_user_add':
    case 'hotspot_user_delete':
      // A generic Linux box has no hotspot (captive portal) whose users the agent could manage;
      // saying so at once beats leaving the console waiting for a timeout.
      return Promise.resolve({ status: 'rejected', message: HOTSPOT_NOT_SUPPORTED });
    case 'lan_hosts':
      return lanHosts();
    case 'set_password':
      return setPassword(command, options);
    case 'config_get':
      return Promise.resolve(options.config.get(command));
    case 'config_set':
      return options.config.set(command);
    case 'backup_export':
      return agentBackupExport(command, context, options);
    case 'backup_restore':
      return agentBackupRestore(command, context, options);
    case 'collect_config':
      return collectConfigJob(command, context, (configs) => options.collect.save(configs));
    case 'alerts_config':
      return alertsConfigJob(command, context, (set) =>
        options.alerts ? options.alerts.save(set) : 'The agent keeps no alert configs',
      );
    case 'file_put':
      return agentFilePut(command, context, options);
    case 'file_get':
      return agentFileGet(command, context, options);
    case 'esim_profile':
    case 'esim_bootstrap':
      // Managing or reading an eUICC needs the router's own LPA (RutOS); a generic Linux box has
      // none, and the agent answers nothing it cannot read from the hardware.
      return Promise.resolve({ status: 'rejected', message: ESIM_MESSAGES.notSupported });
    case 'vpn_join':
    case 'vpn_leave':
      if (!options.vpn) return Promise.resolve({ status: 'failed', message: NO_VPN_CLIENTS });
      return command.type === 'vpn_join' ? options.vpn.join(command) : options.vpn.leave(command);
    case 'vpn_hub_apply':
    case 'vpn_hub_remove':
    case 'vpn_hub_disconnect':
    case 'vpn_hub_sync':
      if (!options.hub)
        return Promise.resolve({ status: 'rejected', message: HUB_MESSAGES.notHubMode });
      return options.hub.execute(command.type, command);
  }
};
