import { gunzipSync, gzipSync } from 'node:zlib';
import {
  BACKUP_MESSAGES,
  BACKUP_UPLOAD_HEADERS,
  backupExportArgsSchema,
  backupRestoreArgsSchema,
  backupUploadAnswerSchema,
  readBackup,
  readTar,
  writeTar,
  type BackupContents,
  type BackupExportArgs,
  type BackupRestoreArgs,
  type CommandMessage,
  type TarEntry,
} from '@netfleet/contracts';
import { rejection } from './config-jobs.ts';
import { downloadVerifiedBytes, progressThrottle } from './download.ts';
import type { CommandContext, CommandOutcome } from './types.ts';
import { failureMessage, uploadBytes, type UploadExpectation } from './upload.ts';

// What the Linux agent and the simulator share about `backup_export` and `backup_restore` jobs:
// their arguments, the upload (PUT of the gzipped archive) and what its answer means for the ack,
// and the verified download of a backup to restore.

export const BACKUP_TOO_LARGE = 'Backup too large';
export const BACKUP_UPLOADED = 'Backup uploaded';
export const BACKUP_RESTORED = 'Backup restored';
/** Un-gzipped, a backup may be at most this large: a gzip bomb stops here. */
export const BACKUP_UNPACKED_MAX_BYTES = 64 * 1024 * 1024;

/** The job's `backup_export` args, or the `rejected` outcome saying which one is wrong. */
export const parseBackupExportArgs = (
  command: CommandMessage,
): { args: BackupExportArgs } | { rejected: CommandOutcome } => {
  const parsed = backupExportArgsSchema.safeParse(command.args);
  return parsed.success ? { args: parsed.data } : rejection(parsed.error);
};

/** The job's `backup_restore` args, or the `rejected` outcome saying which one is wrong. */
export const parseBackupRestoreArgs = (
  command: CommandMessage,
): { args: BackupRestoreArgs } | { rejected: CommandOutcome } => {
  const parsed = backupRestoreArgsSchema.safeParse(command.args);
  return parsed.success ? { args: parsed.data } : rejection(parsed.error);
};

/** A backup's entries as the archive a device uploads: gzip of ustar. */
export const gzipBackup = (entries: readonly TarEntry[]): Uint8Array => gzipSync(writeTar(entries));

/** What the server answers an uploaded backup with. */
export const BACKUP_UPLOAD: UploadExpectation = {
  answer: backupUploadAnswerSchema,
  uploaded: BACKUP_UPLOADED,
};

/**
 * `backup_export`'s end: refuses a backup larger than `max_size`, else acks `progress` and PUTs
 * it (application/gzip, with the X-Requested-With the server asks of unauthenticated writes) to
 * `upload_url`, and acks what the server answered.
 */
export const uploadBackup = async (
  args: BackupExportArgs,
  body: Uint8Array,
  context: CommandContext,
): Promise<CommandOutcome> => {
  if (body.length > args.max_size) return { status: 'failed', message: BACKUP_TOO_LARGE };
  return uploadBytes(
    { url: args.upload_url, headers: BACKUP_UPLOAD_HEADERS, body },
    BACKUP_UPLOAD,
    context,
  );
};

/** A backup as downloaded: what it holds (`readBackup`), and its entries with their bytes. */
export interface OpenedBackup {
  contents: BackupContents;
  entries: TarEntry[];
}

/** A backup that is not one: its message is the whole story (zlib's cause is not shown). */
export class BackupRefused extends Error {}

/** Un-gzips and reads a backup; throws with a user-facing message when it is not one. */
export const openBackup = (gzipped: Uint8Array): OpenedBackup => {
  let archive: Uint8Array;
  try {
    archive = gunzipSync(gzipped, { maxOutputLength: BACKUP_UNPACKED_MAX_BYTES });
  } catch (error) {
    const tooLarge = (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE';
    throw new BackupRefused(
      tooLarge
        ? `The backup is larger than ${BACKUP_UNPACKED_MAX_BYTES >> 20} MiB unpacked`
        : BACKUP_MESSAGES.notTar,
      { cause: error },
    );
  }
  const contents = readBackup(archive);
  return { contents, entries: readTar(archive) };
};

/**
 * `backup_restore` up to applying: downloads the backup (size and SHA-256 checked, `progress`
 * acks), opens it and hands it to `apply`. A download or an archive that fails its checks ends
 * the job `failed` with why, before anything changed.
 */
export const restoreBackup = async (
  args: BackupRestoreArgs,
  context: CommandContext,
  apply: (backup: OpenedBackup) => Promise<CommandOutcome>,
): Promise<CommandOutcome> => {
  let backup: OpenedBackup;
  try {
    const bytes = await downloadVerifiedBytes({
      url: args.url,
      size: args.size,
      sha256: args.sha256,
      onProgress: progressThrottle(
        (bytes, total) => void context.progress(bytes, total, 'downloading'),
      ),
    });
    backup = openBackup(bytes);
  } catch (error) {
    // readBackup's own refusals are user-facing too, and have no cause.
    const message = error instanceof BackupRefused ? error.message : failureMessage(error);
    return { status: 'failed', message };
  }
  await context.progress(args.size, args.size, 'verified, restoring');
  return apply(backup);
};
