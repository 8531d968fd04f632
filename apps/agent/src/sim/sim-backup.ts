import {
  applyConfigRequests,
  backupEntriesOf,
  configsOfModel,
  emptyConfigOf,
  type CommandMessage,
  type DeviceConfig,
} from '@netfleet/contracts';
import {
  BACKUP_RESTORED,
  gzipBackup,
  parseBackupExportArgs,
  parseBackupRestoreArgs,
  restoreBackup,
  uploadBackup,
} from '../backup-jobs.ts';
import { sectionsAsRequests } from '../config-jobs.ts';
import type { CommandContext, CommandOutcome } from '../types.ts';
import type { SimDevice } from './sim-device.ts';

// A simulated router's backups: its configuration store as RutOS's backup archive holds it
// (etc/config/<name> in UCI text), uploaded to the server, and restored from one (then it restarts).

/** Building a backup (sysupgrade -b) takes between these many ms (drawn per job). */
export const BACKUP_EXPORT_MIN_MS = 500;
export const BACKUP_EXPORT_MAX_MS = 1500;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * `backup_export`: after the router's 0.5 to 1.5 s, its configuration store as a gzipped tar,
 * uploaded to `upload_url`; at the job failure rate it fails then, with nothing uploaded.
 */
export const simBackupExport = async (
  device: SimDevice,
  command: CommandMessage,
  context: CommandContext,
  failure: string | null,
): Promise<CommandOutcome> => {
  const parsed = parseBackupExportArgs(command);
  if ('rejected' in parsed) return parsed.rejected;
  await sleep(device.rng.int(BACKUP_EXPORT_MIN_MS, BACKUP_EXPORT_MAX_MS));
  if (failure !== null) return { status: 'failed', message: failure };
  const mtime = Math.floor(device.now() / 1000);
  const body = gzipBackup(backupEntriesOf(device.configStore(), mtime));
  return uploadBackup(parsed.args, body, context);
};

/**
 * The store a backup's configuration gives the device: the configs the model has, each checked
 * against the model's schema, over the current store (configs the backup does not hold stay, as
 * extracting the archive over /etc/config leaves them); or why the backup does not fit.
 */
export const restoredStore = (
  device: SimDevice,
  config: DeviceConfig,
): { store: DeviceConfig } | { problem: string } => {
  const names = configsOfModel(device.model).filter((name) => name in config);
  if (names.length === 0) {
    return { problem: `The backup holds no configuration of a ${device.model}` };
  }
  const ours = Object.fromEntries(names.map((name) => [name, config[name] ?? {}]));
  const checked = applyConfigRequests(
    emptyConfigOf(device.model),
    sectionsAsRequests(ours),
    device.model,
  );
  if (!checked.ok) {
    const refused = checked.results.at(-1);
    return { problem: `${refused?.path}: ${refused?.message ?? 'refused'}` };
  }
  const restored = Object.fromEntries(names.map((name) => [name, checked.store[name] ?? {}]));
  return { store: { ...device.configStore(), ...restored } };
};

export interface SimBackupRestoreOptions {
  /** How long the restart after the restore keeps the device away. */
  rebootMs: number;
  /** What the job fails with after the download and check (`jobFailureRate`); null: none. */
  failure: string | null;
  /** Told once the restore changed the device's configuration, to keep it (fleet state). */
  onChanged?: ((device: SimDevice) => void) | undefined;
}

/**
 * `backup_restore`: downloads and checks the backup, replaces the configuration store with its
 * configuration and restarts, as after a firmware update; a backup that does not fit the model
 * fails the job with nothing changed.
 */
export const simBackupRestore = async (
  device: SimDevice,
  command: CommandMessage,
  context: CommandContext,
  options: SimBackupRestoreOptions,
): Promise<CommandOutcome> => {
  const parsed = parseBackupRestoreArgs(command);
  if ('rejected' in parsed) return parsed.rejected;
  return restoreBackup(parsed.args, context, async (backup) => {
    const restored = restoredStore(device, backup.contents.config);
    if ('problem' in restored) return { status: 'failed', message: restored.problem };
    if (options.failure !== null) return { status: 'failed', message: options.failure };
    device.config = restored.store;
    options.onChanged?.(device);
    await context.restart(options.rebootMs, () => device.boot());
    return { status: 'completed', message: BACKUP_RESTORED };
  });
};
