import { constants, type Dirent } from 'node:fs';
import { chmod, chown, lstat, mkdir, open, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import {
  BACKUP_CONFIG_DIR,
  backupEntriesOf,
  writeTar,
  type CommandMessage,
  type TarEntry,
} from '@netfleet/contracts';
import {
  BACKUP_TOO_LARGE,
  gzipBackup,
  parseBackupExportArgs,
  parseBackupRestoreArgs,
  restoreBackup,
  uploadBackup,
  type OpenedBackup,
} from '../backup-jobs.ts';
import type { CommandContext, CommandOutcome } from '../types.ts';
import { failureMessage } from '../upload.ts';
import { checkAgentConfig, type AgentConfigStore } from './agent-config.ts';
import { allowingPath } from './path-list.ts';

// The agent's backups: its settings (as etc/config/netfleet in UCI text, so the server compares
// them option by option) and the files of the paths its owner allow-listed (--backup-paths). A
// restore writes back only those, each atomically, and only with --allow-restore.

export interface AgentBackupOptions {
  /** Absolute paths, files or directories, a backup holds and a restore may write. */
  backupPaths?: readonly string[];
  /** Obey `backup_restore` (--allow-restore); otherwise such jobs are rejected. */
  allowRestore?: boolean;
  /** The agent's settings: always in the backup, restored through their schema check. */
  config: AgentConfigStore;
}

export const RESTORE_DISABLED =
  'Restoring backups is not allowed on this device (start netfleet-agent with --allow-restore)';
/** Where the agent's settings are in its backups. */
export const AGENT_SETTINGS_ENTRY = `${BACKUP_CONFIG_DIR}/netfleet`;

const BLOCK = 512;
/** What an entry adds to the archive: its header and its data, padded to whole blocks. */
const tarSize = (entries: readonly TarEntry[]) =>
  entries.reduce(
    (total, entry) => total + BLOCK + Math.ceil((entry.data?.length ?? 0) / BLOCK) * BLOCK,
    2 * BLOCK,
  );

/** Whether a path fits a ustar header (at most 255 bytes, split at a slash). */
const fitsTar = (path: string) => {
  try {
    writeTar([{ path, data: new Uint8Array() }]);
    return true;
  } catch {
    return false;
  }
};

class TooLarge extends Error {}

/**
 * The regular files of the allow-listed paths as archive entries (path without the leading slash,
 * mode, mtime), directories walked in name order; symlinks are not followed, unreadable files and
 * anything else (devices, sockets) skipped. Throws TooLarge past `budget` archive bytes.
 */
const collectFiles = async (
  roots: readonly string[],
  budget: number,
  taken: Set<string>,
): Promise<TarEntry[]> => {
  const entries: TarEntry[] = [];
  let left = budget;
  const addFile = async (absolute: string) => {
    const path = absolute.slice(1);
    if (taken.has(path) || !fitsTar(path)) return;
    let handle;
    try {
      // No symlink, and no waiting on a FIFO that replaced the file since it was listed.
      handle = await open(
        absolute,
        constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK,
      );
    } catch {
      return;
    }
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) return;
      if (BLOCK + stat.size > left) throw new TooLarge();
      const data = new Uint8Array(await handle.readFile());
      const size = BLOCK + Math.ceil(data.length / BLOCK) * BLOCK;
      if (size > left) throw new TooLarge();
      left -= size;
      taken.add(path);
      entries.push({
        path,
        data,
        mode: stat.mode & 0o7777,
        mtime: Math.floor(stat.mtimeMs / 1000),
      });
    } catch (error) {
      if (error instanceof TooLarge) throw error;
    } finally {
      await handle.close();
    }
  };
  const addPath = async (absolute: string): Promise<void> => {
    const stat = await lstat(absolute).catch(() => null);
    if (stat?.isFile()) return addFile(absolute);
    if (!stat?.isDirectory()) return;
    let children: Dirent[];
    try {
      children = await readdir(absolute, { withFileTypes: true });
    } catch {
      return;
    }
    children.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const child of children) {
      const path = `${absolute}/${child.name}`;
      if (child.isDirectory()) await addPath(path);
      else if (child.isFile()) await addFile(path);
    }
  };
  for (const root of roots) await addPath(root);
  return entries;
};

/**
 * `backup_export`: the settings and the allow-listed files as a gzipped tar, uploaded; `Backup
 * too large` when they (before compression) or the gzip exceed `max_size`.
 */
export const agentBackupExport = async (
  command: CommandMessage,
  context: CommandContext,
  options: AgentBackupOptions,
): Promise<CommandOutcome> => {
  const parsed = parseBackupExportArgs(command);
  if ('rejected' in parsed) return parsed.rejected;
  const settings = backupEntriesOf(options.config.current(), Math.floor(Date.now() / 1000));
  const taken = new Set(settings.map((entry) => entry.path));
  let files: TarEntry[];
  try {
    const budget = parsed.args.max_size - tarSize(settings);
    files = await collectFiles(options.backupPaths ?? [], budget, taken);
  } catch (error) {
    if (error instanceof TooLarge) return { status: 'failed', message: BACKUP_TOO_LARGE };
    throw error;
  }
  return uploadBackup(parsed.args, gzipBackup([...settings, ...files]), context);
};

/** The absolute path an archive entry restores to when an allow-listed path covers it. */
const allowedTarget = (path: string, roots: readonly string[]) => {
  const parts = path.split('/');
  if (parts.some((part) => part === '' || part === '.' || part === '..')) return null;
  const target = `/${path}`;
  const root = allowingPath(target, roots);
  return root === undefined ? null : { target, root };
};

interface PlannedFile {
  target: string;
  data: Uint8Array;
  mode: number;
  /** Whose the file now is, kept by the restored one. */
  owner: { uid: number; gid: number } | null;
  /** Directories to create first, outermost first. */
  create: string[];
  temp?: string;
}

/**
 * Where an allow-listed entry goes, checked without changing anything: every directory from the
 * allow-listed one down is a real directory or missing (no symlink leads elsewhere), and the file,
 * if there, is a regular file. Null when it cannot be written safely.
 */
const planFile = async (
  entry: TarEntry & { data: Uint8Array },
  target: string,
  root: string,
): Promise<PlannedFile | null> => {
  const directories: string[] = [];
  if (target !== root) {
    const inner = dirname(target).slice(root.length).split('/').filter(Boolean);
    directories.push(root, ...inner.map((_, i) => `${root}/${inner.slice(0, i + 1).join('/')}`));
  }
  const create: string[] = [];
  for (const directory of directories) {
    const stat = await lstat(directory).catch(() => null);
    if (!stat) create.push(directory);
    else if (create.length > 0 || !stat.isDirectory()) return null;
  }
  // An allow-listed file's own directory may be missing: its owner named the path.
  if (target === root && !(await lstat(dirname(target)).catch(() => null))) {
    create.push(dirname(target));
  }
  const existing = create.length ? null : await lstat(target).catch(() => null);
  if (existing && !existing.isFile()) return null;
  return {
    target,
    data: entry.data,
    mode: existing ? existing.mode & 0o7777 : (entry.mode ?? 0o644) & 0o777,
    owner: existing ? { uid: existing.uid, gid: existing.gid } : null,
    create,
  };
};

/** Writes the new content beside the file, with its mode and owner, ready to rename over it. */
const writeTemp = async (file: PlannedFile, index: number) => {
  for (const directory of file.create) await mkdir(directory, { recursive: true, mode: 0o755 });
  const temp = `${dirname(file.target)}/.${basename(file.target)}.nf-restore-${process.pid}-${index}`;
  // `wx`: never through something already at the temporary name.
  await writeFile(temp, file.data, { flag: 'wx', mode: 0o600 });
  file.temp = temp;
  await chmod(temp, file.mode);
  if (file.owner) await chown(temp, file.owner.uid, file.owner.gid).catch(() => undefined);
};

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * Applies a backup: the settings (etc/config/netfleet) through their schema check, and the files
 * under the allow-listed paths, each written to a temporary file and renamed over the old one
 * once all are written and the settings saved. Anything else is ignored and listed in `result`.
 */
const applyBackup = async (
  backup: OpenedBackup,
  options: AgentBackupOptions,
): Promise<CommandOutcome> => {
  const roots = options.backupPaths ?? [];
  const byTarget = new Map<string, PlannedFile>();
  const ignored: string[] = [];
  let settings = false;
  for (const entry of backup.entries) {
    const { data } = entry;
    if (!data) continue;
    if (entry.path === AGENT_SETTINGS_ENTRY) {
      settings = true;
      continue;
    }
    const allowed = allowedTarget(entry.path, roots);
    const planned = allowed && (await planFile({ ...entry, data }, allowed.target, allowed.root));
    if (planned) byTarget.set(planned.target, planned);
    else ignored.push(entry.path);
  }
  const netfleet = settings ? backup.contents.config.netfleet : undefined;
  const checked = netfleet && checkAgentConfig({ netfleet });
  if (checked && 'problem' in checked) return { status: 'failed', message: checked.problem };
  const files = [...byTarget.values()];
  try {
    for (const [index, file] of files.entries()) await writeTemp(file, index);
    if (netfleet) {
      const problem = await options.config.restore({ netfleet });
      if (problem !== null) throw new Error(problem);
    }
    for (const file of files) await rename(file.temp as string, file.target);
  } catch (error) {
    await Promise.all(files.map((file) => file.temp && rm(file.temp, { force: true })));
    return { status: 'failed', message: failureMessage(error) };
  }
  const restored = files.length + (netfleet ? 1 : 0);
  return {
    status: 'completed',
    message: `Restored ${plural(restored, 'file')}${ignored.length ? `; ignored ${ignored.length} not allow-listed` : ''}`,
    ...(ignored.length ? { result: ignored.join('\n').slice(0, 16_000) } : {}),
  };
};

/** `backup_restore`, with --allow-restore only: downloads, checks and applies the backup. */
export const agentBackupRestore = async (
  command: CommandMessage,
  context: CommandContext,
  options: AgentBackupOptions,
): Promise<CommandOutcome> => {
  if (!options.allowRestore) return { status: 'rejected', message: RESTORE_DISABLED };
  const parsed = parseBackupRestoreArgs(command);
  if ('rejected' in parsed) return parsed.rejected;
  return restoreBackup(parsed.args, context, (backup) => applyBackup(backup, options));
};
