import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupManifest,
  FILE_STORES,
} from './backup-manifest';
import { readTar, TarError } from './ustar';

/** An archive that is not a complete netfleet backup this version can read. */
export class BackupArchiveError extends Error {}

/** The newest format this code reads: a later one comes from a newer netfleet. */
export class NewerBackupError extends BackupArchiveError {}

const MAX_MANIFEST_BYTES = 16 * 1024 * 1024;

const isManifest = (value: unknown): value is BackupManifest => {
  const manifest = value as Partial<BackupManifest> | null;
  return (
    typeof manifest === 'object' &&
    manifest !== null &&
    manifest.format === BACKUP_FORMAT &&
    typeof manifest.formatVersion === 'number' &&
    Array.isArray(manifest.migrations) &&
    Array.isArray(manifest.telemetryPartitions) &&
    typeof manifest.tables === 'object'
  );
};

const parseManifest = (text: string): BackupManifest => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BackupArchiveError('its manifest.json is not JSON');
  }
  if (!isManifest(value))
    throw new BackupArchiveError('its manifest.json is not a netfleet backup manifest');
  if (value.formatVersion > BACKUP_FORMAT_VERSION) {
    throw new NewerBackupError(
      `it was made by netfleet ${String(value.netfleetVersion)} in backup format ${value.formatVersion}, newer than this netfleet reads (${BACKUP_FORMAT_VERSION}): restore it with that netfleet version or newer`,
    );
  }
  return value;
};

const isBackupPath = (name: string) =>
  name === 'database.sql' ||
  FILE_STORES.some((store) => name.startsWith(`files/${store}/`) && name.length > store.length + 7);

/**
 * Reads a whole backup archive, checking it (gzip's checksum, tar's headers, the manifest), and
 * writes its database.sql and files/ into `into` (nothing when null: a check only). Answers the
 * manifest. Throws BackupArchiveError for anything that is not a complete backup.
 */
export const readBackup = async (archive: string, into: string | null): Promise<BackupManifest> => {
  let manifest: BackupManifest | null = null;
  let hasData = false;
  try {
    await pipeline(
      createReadStream(archive),
      createGunzip(),
      async (source: AsyncIterable<Buffer>) => {
        for await (const entry of readTar(source)) {
          if (entry.name === 'manifest.json') {
            if (entry.size > MAX_MANIFEST_BYTES)
              throw new BackupArchiveError('its manifest.json is too large');
            const parts: Buffer[] = [];
            for await (const chunk of entry.chunks()) parts.push(chunk);
            manifest = parseManifest(Buffer.concat(parts).toString('utf8'));
            continue;
          }
          if (!isBackupPath(entry.name)) {
            throw new BackupArchiveError(`it holds ${entry.name}, which no netfleet backup has`);
          }
          if (entry.name === 'database.sql') hasData = true;
          if (into === null) continue;
          const target = join(into, entry.name);
          await mkdir(dirname(target), { recursive: true });
          await pipeline(Readable.from(entry.chunks()), createWriteStream(target, { mode: 0o600 }));
        }
      },
    );
  } catch (error) {
    if (error instanceof BackupArchiveError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BackupArchiveError('the file does not exist');
    if (error instanceof TarError || (typeof code === 'string' && code.startsWith('Z_'))) {
      throw new BackupArchiveError(`it is corrupt or incomplete (${(error as Error).message})`);
    }
    throw error;
  }
  if (manifest === null) throw new BackupArchiveError('it has no manifest.json');
  if (!hasData) throw new BackupArchiveError('it has no database.sql');
  return manifest;
};
