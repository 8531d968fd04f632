import { createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import type { Config } from '@/config';
import { dataDirLockOwner } from '@/db/data-dir-lock';
import { BackupArchiveError, readBackup } from '@/modules/system/backup/read-backup';
import { NothingToBackUpError } from '@/modules/system/backup/dump-database';
import { writeBackup } from '@/modules/system/backup/write-backup';
import { backupThroughServer } from './backup-socket-client';
import { CliError, type Output } from './cli-error';
import { openDatabaseFor } from './open-database';

export interface BackupOptions {
  /** A path, '-' for `stdout`, or undefined for netfleet-backup-<time>.tar.gz here. */
  output: string | undefined;
}

const defaultName = (now: Date) =>
  `netfleet-backup-${now.toISOString().slice(0, 19).replaceAll(':', '-')}Z.tar.gz`;

/**
 * The archive of the database and uploads into `out`. With the embedded database in use by a
 * server, that server makes it (it alone may open the database); otherwise this process does.
 */
const produce = async (config: Config, out: Writable) => {
  const owner = config.databaseUrl ? null : dataDirLockOwner(config.dataDir);
  if (owner !== null) return backupThroughServer(config.dataDir, owner, out);
  const database = await openDatabaseFor(config, 'backup');
  try {
    await writeBackup({ db: database.db, kind: database.kind, dataDir: config.dataDir }, out);
  } catch (error) {
    if (error instanceof NothingToBackUpError) {
      throw new CliError(
        `Nothing to back up: ${error.message} (run netfleet migrate or start the server first).`,
      );
    }
    throw error;
  } finally {
    await database.close();
  }
};

/** `netfleet backup`: written to a .partial file, checked by reading it back whole, then renamed. */
export const runBackup = async (
  config: Config,
  options: BackupOptions,
  io: { out: Output; stdout: Writable },
): Promise<void> => {
  if (options.output === '-') {
    await produce(config, io.stdout);
    return;
  }
  const target = options.output ?? defaultName(new Date());
  const partial = `${target}.partial`;
  try {
    await produce(config, createWriteStream(partial, { mode: 0o600 }));
    const manifest = await readBackup(partial, null);
    await rename(partial, target);
    const rows = Object.values(manifest.tables).reduce((sum, count) => sum + count, 0);
    const { size } = await stat(target);
    const shown =
      size < 1024 * 1024 ? `${Math.ceil(size / 1024)} kB` : `${(size / 1024 / 1024).toFixed(1)} MB`;
    io.out(
      `Backup written to ${target} (${shown}: ${rows} rows in ${Object.keys(manifest.tables).length} tables, from ${manifest.database}). It holds password hashes and the server secret: keep it private.`,
    );
  } catch (error) {
    await rm(partial, { force: true });
    if (error instanceof BackupArchiveError) {
      throw new CliError(`The backup came out incomplete (${error.message}): see the server log.`);
    }
    if (
      (error as NodeJS.ErrnoException).code === 'ENOENT' ||
      (error as NodeJS.ErrnoException).code === 'EACCES'
    ) {
      throw new CliError(`Cannot write ${target}: ${(error as Error).message}`);
    }
    throw error;
  }
};
