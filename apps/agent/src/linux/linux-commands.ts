import { execFile } from 'node:child_process';
import { basename, join } from 'node:path';
import { mkdir } from 'node:fs/promises';
import { promisify } from 'node:util';
import {
  commandArgsSchema,
  firmwareUpdateArgsSchema,
  type CommandMessage,
} from '@netfleet/contracts';
import { downloadVerified, progressThrottle } from '../download.ts';
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

export const HOTSPOT_NOT_SUPPORTED =
  'Hotspot users are not supported by netfleet-agent on this platform';

export interface LinuxCommandOptions {
  allowReboot: boolean;
  /** A script that installs a downloaded image (its path is the one argument); unset = disabled. */
  firmwareScript?: string;
  downloadDir: string;
  /** Records a job that finishes when this process ends (reboot, firmware apply). */
  markPending: (id: number, type: string) => Promise<void>;
  clearPending: (id: number) => Promise<void>;
}

const errorText = (error: unknown) => {
  const e = error as { stderr?: string; stdout?: string; message?: string };
  return `${e.stdout ?? ''}${e.stderr ?? ''}` || e.message || String(error);
};

const shellCommand = async (command: CommandMessage): Promise<CommandOutcome> => {
  const args = commandArgsSchema.safeParse(command.args);
  if (!args.success) return { status: 'rejected', message: 'args.command is required' };
  const resolved = resolveCommand(args.data.command);
  if ('error' in resolved) return { status: 'rejected', message: resolved.error };
  try {
    const { stdout, stderr } = await run(resolved.file, resolved.args, {
      timeout: 30_000,
      maxBuffer: 1024 * 1024,
      shell: false,
    });
    return {
      status: 'completed',
      result: truncateOutput(`${stdout}${stderr}`, resolved.tailLines),
    };
  } catch (error) {
    return {
      status: 'failed',
      message: 'command failed',
      result: truncateOutput(errorText(error)),
    };
  }
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
  }
};
