import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, MIGRATIONS_FOLDER } from '@/db/client';

interface JournalEntry {
  tag: string;
  when: number;
}

/** Every migration the code ships, oldest first (drizzle-kit's journal). */
export const shippedMigrations = (): JournalEntry[] => {
  const journal = JSON.parse(
    readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: JournalEntry[] };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
};

/**
 * The migrations drizzle's migrator would apply now, by its own rule: every one created after
 * the newest recorded in drizzle.__drizzle_migrations (all of them on an empty database).
 */
export const pendingMigrations = async (db: Database): Promise<string[]> => {
  const table = await db.execute(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  const [state] = (table as unknown as { rows: { present: boolean }[] }).rows;
  let newest = -Infinity;
  if (state?.present) {
    const result = await db.execute(
      sql`select max(created_at) as newest from drizzle.__drizzle_migrations`,
    );
    const [row] = (result as unknown as { rows: { newest: string | number | null }[] }).rows;
    if (row?.newest !== null && row?.newest !== undefined) newest = Number(row.newest);
  }
  return shippedMigrations()
    .filter((migration) => migration.when > newest)
    .map((migration) => migration.tag);
};
