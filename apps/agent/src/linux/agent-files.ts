import { constants, type Stats } from 'node:fs';
import * as nodeFs from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { DEVICE_FILE_MESSAGES, type CommandMessage, type FilePutArgs } from '@netfleet/contracts';
import { downloadFile, parseFileGetArgs, parseFilePutArgs, uploadFile } from '../file-jobs.ts';
import type { CommandContext, CommandOutcome } from '../types.ts';
import { failureMessage } from '../upload.ts';
import { allowingPath } from './path-list.ts';

// netfleet-agent's `file_put` and `file_get`: only at or under the paths its owner allow-listed
// (--file-paths), regular files only, and never through a symlink below an allow-listed path (it
// could lead anywhere). A file is written beside its target and renamed over it, so the target is
// always either the old file or the whole, verified new one.

/** The file system calls the file jobs make; tests put a stand-in here (a rename that fails). */
export type FileJobSystem = Pick<
  typeof nodeFs,
  'lstat' | 'mkdir' | 'open' | 'rename' | 'rm' | 'rmdir'
>;

export interface AgentFileOptions {
  /** Absolute paths (files or directories) file jobs may touch; none: both are rejected. */
  filePaths?: readonly string[];
  fileSystem?: FileJobSystem;
}

/** What a new file gets when it replaces none: rw-r--r--, as `touch` under the usual umask. */
const NEW_FILE_MODE = 0o644;

const failed = (message: string): CommandOutcome => ({ status: 'failed', message });

/** What is at `path` (a symlink itself, not what it points to), or null when nothing is. */
const lstatOrNull = async (fs: FileJobSystem, path: string): Promise<Stats | null> => {
  try {
    return await fs.lstat(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
};

/** Why a job cannot go through `directory`: a symlink leaves the allow-list, a file is in the way. */
const notThrough = (stat: Stats, directory: string): CommandOutcome =>
  failed(stat.isSymbolicLink() ? DEVICE_FILE_MESSAGES.notAllowed : `Not a directory: ${directory}`);

/**
 * The directories from the allow-listed one down to the target's own, outermost first; none when
 * the target is the allow-listed path itself (the directories above it are its owner's choice).
 */
const directoriesBelow = (root: string, target: string): string[] => {
  if (target === root) return [];
  const inner = dirname(target).slice(root.length).split('/').filter(Boolean);
  return [root, ...inner.map((_, i) => `${root}/${inner.slice(0, i + 1).join('/')}`)];
};

/** Without --file-paths neither job downloads, reads or writes anything. */
const disabled: CommandOutcome = { status: 'rejected', message: DEVICE_FILE_MESSAGES.disabled };

interface PutPlan {
  /** Directories to create first, outermost first. */
  create: string[];
  mode: number;
  /** Whose the replaced file was, kept by the new one. */
  owner: { uid: number; gid: number } | null;
}

/**
 * How `target` can be written, checked before anything changes: every directory from the
 * allow-listed one down is a real directory or missing (then created), and what is at `target`,
 * if anything, is a regular file.
 */
const planPut = async (
  fs: FileJobSystem,
  target: string,
  root: string,
): Promise<PutPlan | CommandOutcome> => {
  const create: string[] = [];
  for (const directory of directoriesBelow(root, target)) {
    const stat = create.length > 0 ? null : await lstatOrNull(fs, directory);
    if (!stat) create.push(directory);
    else if (!stat.isDirectory()) return notThrough(stat, directory);
  }
  // An allow-listed file's own directory may be missing: its owner named the path.
  if (target === root && !(await lstatOrNull(fs, dirname(target)))) create.push(dirname(target));
  const existing = create.length > 0 ? null : await lstatOrNull(fs, target);
  if (existing && !existing.isFile()) return failed(DEVICE_FILE_MESSAGES.notAFile(target));
  return {
    create,
    mode: existing ? existing.mode & 0o7777 : NEW_FILE_MODE,
    owner: existing ? { uid: existing.uid, gid: existing.gid } : null,
  };
};

/** Writes all of `chunk`: a write may take only part of it. */
const writeAll = async (handle: FileHandle, chunk: Uint8Array) => {
  for (let offset = 0; offset < chunk.length;) {
    offset += (await handle.write(chunk, offset)).bytesWritten;
  }
};

/**
 * Downloads into a temporary file beside the target and, once size and SHA-256 check out, gives
 * it the mode and owner the target had and renames it over the target. On any failure the
 * temporary file and the directories created for it are removed: the target is as it was.
 */
const writeAtomically = async (
  fs: FileJobSystem,
  args: FilePutArgs,
  plan: PutPlan,
  jobId: number,
  context: CommandContext,
): Promise<CommandOutcome> => {
  const temp = `${dirname(args.path)}/.${basename(args.path)}.nf-put-${process.pid}-${jobId}`;
  let handle: FileHandle | undefined;
  let outcome: CommandOutcome | undefined;
  try {
    for (const directory of plan.create) {
      await fs.mkdir(directory, { recursive: true, mode: 0o755 });
    }
    // `wx`: never through something already at the temporary name.
    handle = await fs.open(temp, 'wx', 0o600);
    const file = handle;
    outcome = await downloadFile(args, context, (chunk) => writeAll(file, chunk));
    if (!outcome) {
      await file.chmod(plan.mode);
      if (plan.owner) await file.chown(plan.owner.uid, plan.owner.gid).catch(() => undefined);
      // On disk before it replaces the old file, so a power cut leaves one or the other.
      await file.sync();
      handle = undefined;
      await file.close();
      await fs.rename(temp, args.path);
      return { status: 'completed', message: DEVICE_FILE_MESSAGES.written(args.path) };
    }
  } catch (error) {
    outcome = failed(failureMessage(error));
  }
  await handle?.close().catch(() => undefined);
  await fs.rm(temp, { force: true });
  // Innermost first; a directory something else has meanwhile put a file in stays.
  for (const directory of [...plan.create].reverse()) {
    await fs.rmdir(directory).catch(() => undefined);
  }
  return outcome;
};

/** `file_put`, with --file-paths only: downloads, checks and writes the file at `path`. */
export const agentFilePut = async (
  command: CommandMessage,
  context: CommandContext,
  options: AgentFileOptions,
): Promise<CommandOutcome> => {
  if (!options.filePaths?.length) return disabled;
  const parsed = parseFilePutArgs(command);
  if ('rejected' in parsed) return parsed.rejected;
  const { args } = parsed;
  const root = allowingPath(args.path, options.filePaths);
  if (root === undefined) return failed(DEVICE_FILE_MESSAGES.notAllowed);
  const fs = options.fileSystem ?? nodeFs;
  try {
    const plan = await planPut(fs, args.path, root);
    if ('status' in plan) return plan;
    return await writeAtomically(fs, args, plan, command.id, context);
  } catch (error) {
    return failed(failureMessage(error));
  }
};

/**
 * The bytes of the regular file at `path`, read without following a symlink anywhere below the
 * allow-listed path, or why not (one larger than `maxSize` is not read at all).
 */
const readRegularFile = async (
  fs: FileJobSystem,
  path: string,
  root: string,
  maxSize: number,
): Promise<{ bytes: Uint8Array } | CommandOutcome> => {
  for (const directory of directoriesBelow(root, path)) {
    const stat = await lstatOrNull(fs, directory);
    if (!stat) return failed(DEVICE_FILE_MESSAGES.noSuchFile(path));
    if (!stat.isDirectory()) return notThrough(stat, directory);
  }
  let handle: FileHandle;
  try {
    // No symlink (ELOOP), and no waiting on a FIFO: it is opened, then refused as not a file.
    handle = await fs.open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return failed(DEVICE_FILE_MESSAGES.noSuchFile(path));
    if (code === 'ELOOP') return failed(DEVICE_FILE_MESSAGES.notAFile(path));
    throw error;
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) return failed(DEVICE_FILE_MESSAGES.notAFile(path));
    if (stat.size > maxSize) return failed(DEVICE_FILE_MESSAGES.tooLarge);
    return { bytes: await handle.readFile() };
  } finally {
    await handle.close();
  }
};

/** `file_get`, with --file-paths only: uploads the regular file at `path`. */
export const agentFileGet = async (
  command: CommandMessage,
  context: CommandContext,
  options: AgentFileOptions,
): Promise<CommandOutcome> => {
  if (!options.filePaths?.length) return disabled;
  const parsed = parseFileGetArgs(command);
  if ('rejected' in parsed) return parsed.rejected;
  const { args } = parsed;
  const root = allowingPath(args.path, options.filePaths);
  if (root === undefined) return failed(DEVICE_FILE_MESSAGES.notAllowed);
  try {
    const fs = options.fileSystem ?? nodeFs;
    const read = await readRegularFile(fs, args.path, root, args.max_size);
    if ('status' in read) return read;
    // A file that grew since its size was read is refused by the upload's own check.
    return await uploadFile(args, read.bytes, context);
  } catch (error) {
    return failed(failureMessage(error));
  }
};
