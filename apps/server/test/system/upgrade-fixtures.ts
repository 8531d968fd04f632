// What the upgrade tests share: a PostgreSQL database of their own, created empty and dropped
// afterwards, and the migrations folder of a "newer version" (the shipped one plus a harmless
// migration creating `upgrade_probe`).
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { MIGRATIONS_FOLDER } from '@/db/client';

interface JournalEntry {
  idx: number;
  version: string;
  when: number;
  tag: string;
  breakpoints: boolean;
}

const journalPath = (folder: string) => join(folder, 'meta', '_journal.json');

/** The journal of a migrations folder: drizzle applies each entry whose `when` is newer. */
export const journalOf = (folder = MIGRATIONS_FOLDER) =>
  JSON.parse(readFileSync(journalPath(folder), 'utf8')) as { entries: JournalEntry[] };

/**
 * A copy of the shipped migrations with one more, as the next version would ship it. `when` is
 * one second after the last: drizzle compares the newest applied migration's time with these.
 */
export const newerMigrationsFolder = () => {
  const folder = mkdtempSync(join(tmpdir(), 'nf-migrations-'));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journal = journalOf(folder);
  const last = journal.entries.at(-1);
  if (!last) throw new Error('the shipped migrations folder has no journal entries');
  const tag = `${String(last.idx + 1).padStart(4, '0')}_upgrade_probe`;
  writeFileSync(join(folder, `${tag}.sql`), 'CREATE TABLE "upgrade_probe" ("id" integer);\n');
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag });
  writeFileSync(journalPath(folder), JSON.stringify(journal, null, 2));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
};

const asAdmin = async (serverUrl: string, statement: string) => {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
};

/** An empty database `nf_upgrade_<random>` on the server at `serverUrl` (DATABASE_URL). */
export const throwawayDatabase = async (serverUrl: string) => {
  // Letters and digits only: the name goes into the statements as it is.
  const name = `nf_upgrade_${randomBytes(6).toString('hex')}`;
  await asAdmin(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    /** One statement on a connection of its own. */
    async query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        return (await client.query<T>(text, values)).rows;
      } finally {
        await client.end();
      }
    },
    /** Also closes what is still connected (a server that was killed). */
    drop: () => asAdmin(serverUrl, `drop database if exists ${name} with (force)`),
  };
};

export type ThrowawayDatabase = Awaited<ReturnType<typeof throwawayDatabase>>;

/** The migrations drizzle recorded, oldest first. */
export const appliedMigrations = (database: ThrowawayDatabase) =>
  database.query<{ hash: string; created_at: string }>(
    'select hash, created_at from drizzle.__drizzle_migrations order by created_at, id',
  );
