import { createWriteStream } from 'node:fs';
import { mkdtemp, open, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { DatabaseHandle } from '@/db/client';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupManifest,
  FILE_STORES,
  netfleetVersion,
} from './backup-manifest';
import { dumpDatabase } from './dump-database';
import { tarEnd, tarHeader, tarPadding } from './ustar';

export interface BackupSource {
  db: DatabaseHandle['db'];
  kind: DatabaseHandle['kind'];
  dataDir: string;
}

/** Every regular file under `dir`, as paths relative to it (none when it does not exist). */
const listFiles = async (dir: string, prefix = ''): Promise<string[]> => {
  let entries;
  try {
    entries = await readdir(join(dir, prefix), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await listFiles(dir, path)));
    else if (entry.isFile()) files.push(path);
  }
  return files;
};

/** database.sql into a file first: a tar header needs the size before the data. */
const dumpToFile = async (source: BackupSource, path: string) => {
  const stream = createWriteStream(path, { mode: 0o600 });
  const write = async (text: string) => {
    if (!stream.write(text)) await once(stream, 'drain');
  };
  try {
    return await dumpDatabase(source.db, write);
  } finally {
    stream.end();
    await once(stream, 'close');
  }
};

async function* fileEntry(archiveName: string, path: string): AsyncGenerator<Buffer> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    // Removed since it was listed (its row deleted after the snapshot): left out.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    // Sized once opened: an upload still being written is taken as far as it got.
    const { size, mtime } = await handle.stat();
    yield tarHeader(archiveName, size, mtime);
    if (size > 0) {
      for await (const chunk of handle.createReadStream({
        start: 0,
        end: size - 1,
        autoClose: false,
      })) {
        yield chunk as Buffer;
      }
    }
    yield tarPadding(size);
  } finally {
    await handle.close();
  }
}

/**
 * Writes a backup archive (tar.gz: manifest.json, database.sql, files/<store>/...) to `out`: the
 * data of one database snapshot, then the uploaded files as they are after it, so every file a
 * row of the snapshot names is there (files are written before their row and never changed).
 */
export const writeBackup = async (source: BackupSource, out: Writable): Promise<BackupManifest> => {
  const work = await mkdtemp(join(tmpdir(), 'netfleet-backup-'));
  try {
    const sqlPath = join(work, 'database.sql');
    const contents = await dumpToFile(source, sqlPath);
    const files: string[] = [];
    for (const store of FILE_STORES) {
      for (const path of await listFiles(join(source.dataDir, store)))
        files.push(`${store}/${path}`);
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      netfleetVersion: netfleetVersion(),
      createdAt: new Date().toISOString(),
      database: source.kind,
      ...contents,
    };
    async function* entries(): AsyncGenerator<Buffer> {
      // First, so that `tar -xzOf backup.tar.gz manifest.json` answers without reading it all.
      const json = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
      yield tarHeader('manifest.json', json.length, new Date(manifest.createdAt));
      yield json;
      yield tarPadding(json.length);
      yield* fileEntry('database.sql', sqlPath);
      for (const path of files) {
        yield* fileEntry(`files/${path}`, join(source.dataDir, path));
      }
      yield tarEnd();
    }
    await pipeline(Readable.from(entries()), createGzip(), out);
    return manifest;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
};
