import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_ROOT } from '@/lib/server-root';
import type { AppliedMigration, TelemetryPartition } from './dump-database';

/** The folders of DATA_DIR that hold uploads (every createFileStore); nothing else is backed up. */
export const FILE_STORES = ['files', 'images', 'device-documentations'] as const;

export const BACKUP_FORMAT = 'netfleet-backup';
/** Raised when the archive's layout changes; restore refuses versions it does not know. */
export const BACKUP_FORMAT_VERSION = 1;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  netfleetVersion: string;
  createdAt: string;
  database: 'pglite' | 'postgres';
  /** drizzle.__drizzle_migrations of the source: restore recreates the schema up to there. */
  migrations: AppliedMigration[];
  telemetryPartitions: TelemetryPartition[];
  /** Rows per table, as written to database.sql. */
  tables: Record<string, number>;
}

export const netfleetVersion = (): string =>
  (JSON.parse(readFileSync(join(SERVER_ROOT, 'package.json'), 'utf8')) as { version: string })
    .version;
