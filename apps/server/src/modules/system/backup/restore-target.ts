import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { type DatabaseHandle, MIGRATIONS_FOLDER } from '@/db/client';
import { FILE_STORES } from './backup-manifest';
import { withSqlSession } from './sql-session';

/** Whether the database has any table of netfleet (or of anything else) already. */
export const databaseHasTables = (handle: DatabaseHandle): Promise<boolean> =>
  withSqlSession(handle.db, 'write', async (session) => {
    const [row] = await session.query<{ found: boolean }>(
      `select exists (select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p')) as found`,
    );
    return row?.found === true;
  });

/** The file stores of DATA_DIR that hold anything. */
export const occupiedFileStores = async (dataDir: string): Promise<string[]> => {
  const occupied: string[] = [];
  for (const store of FILE_STORES) {
    const entries = await readdir(join(dataDir, store)).catch(() => [] as string[]);
    if (entries.length > 0) occupied.push(store);
  }
  return occupied;
};

/** What --force replaces: every table and migration record, and the uploaded files. */
export const clearTarget = async (handle: DatabaseHandle, dataDir: string) => {
  await withSqlSession(handle.db, 'write', async (session) => {
    await session.query('drop schema if exists drizzle cascade');
    await session.query('drop schema if exists public cascade');
    await session.query('create schema public');
  });
  for (const store of FILE_STORES) await rm(join(dataDir, store), { recursive: true, force: true });
};

interface Journal {
  entries: { tag: string }[];
}

/**
 * Applies the first `count` of our migrations only: the backup's rows fit the schema as it was
 * when it was made; the later migrations run after they are loaded, as on an upgrade.
 */
export const migrateFirst = async (handle: DatabaseHandle, count: number) => {
  const folder = await mkdtemp(join(tmpdir(), 'netfleet-migrations-'));
  try {
    const journal = JSON.parse(
      await readFile(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
    ) as Journal;
    const entries = journal.entries.slice(0, count);
    await mkdir(join(folder, 'meta'));
    await writeFile(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
    for (const { tag } of entries) {
      await copyFile(join(MIGRATIONS_FOLDER, `${tag}.sql`), join(folder, `${tag}.sql`));
    }
    if (handle.kind === 'pglite') {
      await migratePglite(handle.db as PgliteDatabase<never>, { migrationsFolder: folder });
    } else {
      await migrateNodePg(handle.db as NodePgDatabase<never>, { migrationsFolder: folder });
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
};

/** Moves the extracted files/<store>/... into DATA_DIR/<store>/... */
export const restoreFiles = async (extracted: string, dataDir: string): Promise<number> => {
  let count = 0;
  const copyTree = async (from: string, to: string) => {
    const entries = await readdir(from, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (entry.isDirectory()) {
        await copyTree(join(from, entry.name), join(to, entry.name));
      } else if (entry.isFile()) {
        await mkdir(to, { recursive: true });
        await copyFile(join(from, entry.name), join(to, entry.name));
        count += 1;
      }
    }
  };
  for (const store of FILE_STORES) await copyTree(join(extracted, store), join(dataDir, store));
  return count;
};
