import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '@/config';
import type { DatabaseHandle } from '@/db/client';
import type { BackupManifest } from '@/modules/system/backup/backup-manifest';
import { BackupDataError, loadDatabase } from '@/modules/system/backup/load-database';
import { BackupArchiveError, readBackup } from '@/modules/system/backup/read-backup';
import {
  clearTarget,
  databaseHasTables,
  migrateFirst,
  occupiedFileStores,
  restoreFiles,
} from '@/modules/system/backup/restore-target';
import { CliError, type Output } from './cli-error';
import { shippedMigrations } from './migration-status';
import { openDatabaseFor } from './open-database';

export interface RestoreOptions {
  file: string;
  force: boolean;
}

/**
 * How many of our migrations made the backup's schema. Its migrations must be the first of ours:
 * a backup from a newer netfleet has rows for a schema this one cannot create.
 */
const migrationsOf = (manifest: BackupManifest, file: string): number => {
  const ours = shippedMigrations();
  manifest.migrations.forEach((migration, i) => {
    if (ours[i]?.when !== migration.createdAt) {
      throw new CliError(
        `${file} was made by netfleet ${manifest.netfleetVersion}, whose database has migrations this netfleet does not know: restore it with that netfleet version or newer.`,
      );
    }
  });
  return manifest.migrations.length;
};

/** Refuses a target with data unless --force, which then empties it. */
const prepareTarget = async (
  config: Config,
  database: DatabaseHandle,
  force: boolean,
  out: Output,
) => {
  const stores = await occupiedFileStores(config.dataDir);
  const hasTables = await databaseHasTables(database);
  if (!hasTables && stores.length === 0) return;
  const what = [
    ...(hasTables ? ['the database has tables'] : []),
    ...stores.map((store) => `DATA_DIR/${store} has files`),
  ].join(', ');
  if (!force) {
    throw new CliError(
      `The target is not empty (${what}): restore into a new database and DATA_DIR, or pass --force to replace everything in them.`,
    );
  }
  out(`--force: replacing what is there (${what}).`);
  await clearTarget(database, config.dataDir);
};

const restoreInto = async (
  config: Config,
  options: RestoreOptions,
  manifest: BackupManifest,
  extracted: string,
  out: Output,
) => {
  const migrations = migrationsOf(manifest, options.file);
  if (config.databaseUrl) {
    out('Restoring into DATABASE_URL: every netfleet server using it must be stopped meanwhile.');
  }
  const database = await openDatabaseFor(config, 'restore');
  try {
    await prepareTarget(config, database, options.force, out);
    await migrateFirst(database, migrations);
    const loaded = await loadDatabase(
      database.db,
      join(extracted, 'database.sql'),
      manifest.telemetryPartitions,
    );
    // The migrations made after the backup, as on an upgrade.
    await database.migrate(async () => undefined);
    const files = await restoreFiles(join(extracted, 'files'), config.dataDir);
    const rows = Object.values(loaded).reduce((sum, count) => sum + count, 0);
    out(
      `Restored ${rows} rows in ${Object.keys(loaded).length} tables and ${files} files from the backup of ${manifest.createdAt} (${manifest.database}).`,
    );
  } catch (error) {
    if (error instanceof CliError) throw error;
    const reason = error instanceof BackupDataError ? 'the backup is damaged: ' : '';
    throw new CliError(
      `Restore failed (${reason}${(error as Error).message}): the target may be partly restored; fix the cause and run netfleet restore --force again.`,
    );
  } finally {
    await database.close();
  }
};

/**
 * `netfleet restore FILE`: checks the whole archive first, then, into an empty database and
 * DATA_DIR (or emptied with --force), creates the schema, loads the rows and copies the files.
 */
export const runRestore = async (config: Config, options: RestoreOptions, out: Output) => {
  const extracted = await mkdtemp(join(tmpdir(), 'netfleet-restore-'));
  try {
    let manifest: BackupManifest;
    try {
      manifest = await readBackup(options.file, extracted);
    } catch (error) {
      if (error instanceof BackupArchiveError) {
        throw new CliError(
          `${options.file} is not a netfleet backup this version can restore: ${error.message}.`,
        );
      }
      throw error;
    }
    await restoreInto(config, options, manifest, extracted, out);
  } finally {
    await rm(extracted, { recursive: true, force: true });
  }
};
