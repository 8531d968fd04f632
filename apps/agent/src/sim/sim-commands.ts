import {
  commandTimedOutMessage,
  firmwareStringSchema,
  firmwareUpdateArgsSchema,
  type CommandMessage,
} from '@netfleet/contracts';
import { alertsConfigJob } from '../alert-jobs.ts';
import { collectConfigJob } from '../collect-jobs.ts';
import { exitCodeOutcome, parseCommandArgs } from '../command-args.ts';
import { HUB_MESSAGES } from '../hub-jobs.ts';
import { runSimControl } from './sim-pins.ts';
import { downloadVerified, progressThrottle } from '../download.ts';
import { PASSWORD_CHANGED, parseSetPasswordArgs } from '../set-password-args.ts';
import type { CommandContext, CommandOutcome } from '../types.ts';
import { simBackupExport, simBackupRestore } from './sim-backup.ts';
import { simConfigGet, simConfigSet } from './sim-config.ts';
import type { SimDevice } from './sim-device.ts';
import { simKernelVersion } from './sim-file-content.ts';
import { simFileGet, simFilePut } from './sim-files.ts';
import { runSimEsimBootstrap, runSimEsimCommand } from './sim-esim.ts';
import { runHotspotCommand } from './sim-hotspot.ts';
import { simLanHosts } from './sim-lan.ts';
import { simVpnJoin, simVpnLeave } from './sim-vpn.ts';

export interface SimCommandOptions {
  /** How long a simulated reboot keeps the device away. */
  rebootMs: number;
  /**
   * The fraction (0 to 1) of devices whose `set_password` fails (default
   * DEFAULT_PASSWORD_FAILURE_RATE); which devices is fixed by the seed and serial.
   */
  passwordFailureRate?: number;
  /**
   * The fraction (0 to 1) of reboot, firmware update, command, config_set, backup and file_put
   * jobs that fail (default 0), drawn per job so a retry may succeed.
   */
  jobFailureRate?: number;
  /** Told after `set_password` changed the device's password hash, to keep it (fleet state). */
  onAdminPasswordChanged?: (device: SimDevice) => void;
  /** Told after `config_set` or `backup_restore` changed the configuration, to keep it. */
  onConfigChanged?: (device: SimDevice) => void;
  /** Told after `collect_config` replaced the data-collect set, to keep it. */
  onCollectChanged?: (device: SimDevice) => void;
  /** Told after `alerts_config` replaced the device alert set, to keep it. */
  onAlertsChanged?: (device: SimDevice) => void;
  /** Told after `file_put` changed the file table, to keep it. */
  onFilesChanged?: (device: SimDevice) => void;
  /** Told after `vpn_join` or `vpn_leave` changed the hubs it is a client of, to keep them. */
  onVpnChanged?: (device: SimDevice) => void;
  /** Told after `esim_profile` changed the eUICC's profiles, to keep them. */
  onEsimChanged?: (device: SimDevice) => void;
}

/** The share of simulated devices whose password changes fail unless the fleet says otherwise. */
export const DEFAULT_PASSWORD_FAILURE_RATE = 0.02;
/** What a failing simulated password change reports: BusyBox passwd's own words. */
export const PASSWORD_CHANGE_FAILED = 'passwd: Authentication token manipulation error';
/** What the simulated failures of the other jobs report, in a router's own words. */
export const SIM_FAILURES = {
  reboot: 'reboot refused: a configuration change is being applied',
  firmware_update: 'firmware image rejected: signature check failed',
  /** A command's failure is exit code 1 with this on stderr (acceptable_codes may accept it). */
  command: 'sh: cannot fork: Resource temporarily unavailable',
  /** uci could not write the change to flash; the configuration stays as it was. */
  config_set: 'uci: I/O error',
  /** Building the archive ran out of room in /tmp; nothing is uploaded. */
  backup_export: 'tar: write error: No space left on device',
  /** After the download and check, extracting the backup failed; the configuration stays. */
  backup_restore: 'sysupgrade: failed to restore the configuration backup',
  /** After the download and check, writing the file to flash failed; nothing was written. */
  file_put: 'write error: Input/output error',
} as const;

/** A simulated password change takes between these many ms (seeded per device). */
export const SET_PASSWORD_MIN_MS = 500;
export const SET_PASSWORD_MAX_MS = 2000;

const formatUptime = (seconds: number) => {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return `up ${days} days, ${hours}:${String(minutes).padStart(2, '0')}`;
};

/** Canned but plausible output of the few shell commands a simulated router answers. */
const CANNED: Record<string, (d: SimDevice, args: string[]) => string | null> = {
  uptime: (d, args) =>
    args.length ? null : ` ${formatUptime(d.uptime())},  load average: 0.12, 0.08, 0.05`,
  'uname -a': (d) =>
    `Linux ${d.model}-${d.serial.slice(-4)} ${simKernelVersion(d)} #0 SMP armv7l GNU/Linux`,
  'ip route': () =>
    'default via 10.64.64.64 dev qmimux0 proto static metric 1\n192.168.1.0/24 dev br-lan proto kernel scope link src 192.168.1.1',
  'ip addr': () =>
    '1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536\n    inet 127.0.0.1/8 scope host lo\n3: br-lan: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500\n    inet 192.168.1.1/24 brd 192.168.1.255 scope global br-lan',
  'df -h': () =>
    'Filesystem                Size      Used Available Use% Mounted on\n/dev/root                 8.0M      8.0M         0 100% /rom\noverlayfs:/overlay        6.4M    612.0K      5.8M   9% /',
  free: () =>
    '              total        used        free      shared  buff/cache   available\nMem:         245460       84312      120424        1028       40724      117988',
  ping: (d, args) => {
    const host = args.at(-1) ?? '';
    const count = args[0] === '-c' ? Number(args[1]) : 4;
    if (
      !/^[A-Za-z0-9.-]{1,253}$/.test(host) ||
      !Number.isInteger(count) ||
      count < 1 ||
      count > 10
    ) {
      return null;
    }
    const lines = [`PING ${host} (8.8.8.8): 56 data bytes`];
    for (let i = 0; i < count; i += 1) {
      lines.push(
        `64 bytes from 8.8.8.8: seq=${i} ttl=117 time=${d.rng.int(18, 60)}.${d.rng.int(0, 9)} ms`,
      );
    }
    lines.push(
      `--- ${host} ping statistics ---`,
      `${count} packets transmitted, ${count} packets received, 0% packet loss`,
    );
    return lines.join('\n');
  },
};

/** The command lines (or programs) with canned output, for the simulated shells' `help`. */
export const CANNED_COMMANDS: readonly string[] = Object.keys(CANNED);

/** The canned output of one command line, or null when the simulated router does not answer it. */
export const cannedOutput = (device: SimDevice, line: string): string | null => {
  const words = line.trim().split(/\s+/);
  // Own keys only: a typed `constructor` must not reach Object.prototype.
  const lookup = (key: string) => (Object.hasOwn(CANNED, key) ? CANNED[key] : undefined);
  const whole = lookup(words.join(' '));
  const byProgram = lookup(words[0] ?? '');
  return whole ? whole(device, []) : byProgram ? byProgram(device, words.slice(1)) : null;
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * How long a canned command takes on a router, in ms: a ping sends one probe a second and waits for
 * the last answer (the canned output shows at most 60 ms); everything else answers at once.
 */
export const simulatedDurationMs = (line: string): number => {
  const [program, ...args] = line.trim().split(/\s+/);
  if (program !== 'ping') return 0;
  const count = args[0] === '-c' ? Number(args[1]) : 4;
  return (count - 1) * 1000 + 60;
};

/**
 * A canned command, run for its simulated duration. A canned command exits 0, so it completes
 * unless `acceptable_codes` leaves 0 out, or exits 1 when the job is one of those that fail
 * (`jobFailureRate`); one that would outlast `timeout` fails at the timeout.
 */
const runCanned = async (
  device: SimDevice,
  command: CommandMessage,
  fails: boolean,
): Promise<CommandOutcome> => {
  const parsed = parseCommandArgs(command);
  if ('rejected' in parsed) return parsed.rejected;
  const { args } = parsed;
  const output = cannedOutput(device, args.command);
  if (output === null) {
    const program = args.command.trim().split(/\s+/)[0] ?? '';
    return { status: 'rejected', message: `command not allowed: ${program}` };
  }
  const durationMs = simulatedDurationMs(args.command);
  if (args.timeout !== undefined && durationMs > args.timeout * 1000) {
    await sleep(args.timeout * 1000);
    return { status: 'failed', message: commandTimedOutMessage(args.timeout) };
  }
  if (durationMs > 0) await sleep(durationMs);
  return fails ? exitCodeOutcome(1, SIM_FAILURES.command, args) : exitCodeOutcome(0, output, args);
};

/**
 * `set_password`: after a router's 0.5 to 2 s the device keeps the new password's hash, unless it
 * is one of the devices whose password changes fail (`passwordFailureRate`).
 */
const setPassword = async (
  device: SimDevice,
  command: CommandMessage,
  options: SimCommandOptions,
): Promise<CommandOutcome> => {
  const parsed = parseSetPasswordArgs(command);
  if ('rejected' in parsed) return parsed.rejected;
  await sleep(device.rng.int(SET_PASSWORD_MIN_MS, SET_PASSWORD_MAX_MS));
  if (device.passwordChangeFails(options.passwordFailureRate ?? DEFAULT_PASSWORD_FAILURE_RATE)) {
    return { status: 'failed', message: PASSWORD_CHANGE_FAILED };
  }
  device.setAdminPassword(parsed.args.password);
  options.onAdminPasswordChanged?.(device);
  return { status: 'completed', message: PASSWORD_CHANGED };
};

/** `RUTX_R_00.07.13.bin` → `RUTX_R_00.07.13`: the simulator reports the image's name as firmware. */
export const firmwareFromFileName = (name: string): string | null => {
  const parsed = firmwareStringSchema.safeParse(name.replace(/\.(bin|img|tar|gz|zip)$/i, ''));
  return parsed.success && parsed.data.length > 0 ? parsed.data : null;
};

const firmwareUpdate = async (
  device: SimDevice,
  command: CommandMessage,
  context: CommandContext,
  options: SimCommandOptions,
  fails: boolean,
): Promise<CommandOutcome> => {
  const args = firmwareUpdateArgsSchema.safeParse(command.args);
  if (!args.success) return { status: 'rejected', message: 'invalid firmware_update arguments' };
  const firmware = firmwareFromFileName(args.data.name);
  if (!firmware) return { status: 'rejected', message: 'the file name is not a firmware version' };
  await downloadVerified({
    url: args.data.url,
    size: args.data.size,
    sha256: args.data.sha256,
    onProgress: progressThrottle(
      (bytes, total) => void context.progress(bytes, total, 'downloading'),
    ),
  });
  await context.progress(args.data.size, args.data.size, 'verified, installing');
  if (fails) return { status: 'failed', message: SIM_FAILURES.firmware_update };
  await context.restart(options.rebootMs, () => device.boot(firmware));
  return { status: 'completed', message: `firmware ${firmware}` };
};

/** A simulated device's answer to a command. */
export const runSimCommand = async (
  device: SimDevice,
  command: CommandMessage,
  context: CommandContext,
  options: SimCommandOptions,
): Promise<CommandOutcome> => {
  const fails = device.jobFails(command.id, options.jobFailureRate ?? 0);
  switch (command.type) {
    case 'reboot':
      if (fails) return { status: 'failed', message: SIM_FAILURES.reboot };
      await context.progress(0, 1, 'rebooting');
      await context.restart(options.rebootMs, () => device.boot());
      return { status: 'completed', message: 'rebooted' };
    case 'update_metrics_data':
      context.sendAllTelemetry();
      return { status: 'completed' };
    case 'firmware_update':
      return firmwareUpdate(device, command, context, options, fails);
    case 'command':
      return runSimControl(device, command, context) ?? runCanned(device, command, fails);
    case 'hotspot_users':
    case 'hotspot_sessions':
    case 'hotspot_user_add':
    case 'hotspot_user_delete':
      return runHotspotCommand(device, command);
    case 'lan_hosts':
      return { status: 'completed', result: JSON.stringify(simLanHosts(device)) };
    case 'set_password':
      return setPassword(device, command, options);
    case 'config_get':
      return simConfigGet(device, command);
    case 'config_set':
      return simConfigSet(device, command, context, {
        failure: fails ? SIM_FAILURES.config_set : null,
        onChanged: options.onConfigChanged,
      });
    case 'backup_export':
      return simBackupExport(device, command, context, fails ? SIM_FAILURES.backup_export : null);
    case 'backup_restore':
      return simBackupRestore(device, command, context, {
        rebootMs: options.rebootMs,
        failure: fails ? SIM_FAILURES.backup_restore : null,
        onChanged: options.onConfigChanged,
      });
    case 'collect_config':
      return collectConfigJob(command, context, (configs) => {
        device.collect = configs.length > 0 ? configs : undefined;
        options.onCollectChanged?.(device);
        return null;
      });
    case 'alerts_config':
      return alertsConfigJob(command, context, (set) => {
        device.alerts = set.configs.length > 0 ? set : undefined;
        options.onAlertsChanged?.(device);
        return null;
      });
    case 'file_put':
      return simFilePut(device, command, context, {
        failure: fails ? SIM_FAILURES.file_put : null,
        onChanged: options.onFilesChanged,
      });
    case 'file_get':
      return simFileGet(device, command, context);
    case 'esim_profile':
      return runSimEsimCommand(device, command, context, options.onEsimChanged);
    case 'esim_bootstrap':
      return runSimEsimBootstrap(device);
    case 'vpn_join':
      return simVpnJoin(device, command, context, options.onVpnChanged);
    case 'vpn_leave':
      return simVpnLeave(device, command, context, options.onVpnChanged);
    case 'vpn_hub_apply':
    case 'vpn_hub_remove':
    case 'vpn_hub_disconnect':
    case 'vpn_hub_sync':
      // A simulated router is a client of hubs at most; running them is a real machine's job.
      return { status: 'rejected', message: HUB_MESSAGES.simulator };
  }
};
