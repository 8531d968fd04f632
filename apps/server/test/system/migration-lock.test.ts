// Issue 22: every instance migrates on start behind a PostgreSQL advisory lock. Instances started
// together on an empty database migrate and seed once; one starting while the lock is held waits
// for it; an instance older than the database (a rolling upgrade's not yet upgraded half) starts
// without re-running or failing. On throw-away databases, through the start's own openDatabase().
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/bootstrap';
import { loadConfig } from '@/config';
import type { CreateDatabaseOptions } from '@/db/client';
import { MIGRATION_LOCK_ID } from '@/db/client';
import { users } from '@/db/schema';
import {
  appliedMigrations,
  journalOf,
  newerMigrationsFolder,
  throwawayDatabase,
  type ThrowawayDatabase,
} from './upgrade-fixtures';

const serverUrl = process.env.DATABASE_URL ?? '';
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const freshDatabase = async () => {
  const database = await throwawayDatabase(serverUrl);
  cleanups.push(database.drop);
  return database;
};

/** What `netfleet start` does before it listens: migrate and seed (then it would serve). */
const startOn = async (database: ThrowawayDatabase, options: CreateDatabaseOptions = {}) => {
  const config = loadConfig({
    DATABASE_URL: database.url,
    DATA_DIR: '/nonexistent-data-dir',
    LOG_LEVEL: 'silent',
    NETFLEET_ADMIN_EMAIL: 'admin@upgrade.test',
    NETFLEET_ADMIN_PASSWORD: 'upgrade-password-1',
  });
  const opened = await openDatabase(config, options);
  cleanups.push(() => opened.database.close());
  return opened;
};

const count = async (database: ThrowawayDatabase, sql: string) =>
  Number((await database.query<{ n: string }>(sql))[0]?.n);

describe.skipIf(!serverUrl)('migrations on start, behind the lock', () => {
  it('three instances starting at once on an empty database migrate and seed once', async () => {
    const database = await freshDatabase();
    const starts = await Promise.all([startOn(database), startOn(database), startOn(database)]);

    // Each shipped migration recorded once, in order.
    const applied = await appliedMigrations(database);
    const shipped = journalOf().entries;
    expect(applied.map((row) => Number(row.created_at))).toEqual(shipped.map((e) => e.when));
    expect(new Set(applied.map((row) => row.hash)).size).toBe(shipped.length);

    // One seed: one start created the admin, all share the signing secret.
    expect(starts.filter((start) => start.seed.createdAdmin)).toHaveLength(1);
    expect(new Set(starts.map((start) => start.seed.jwtSecret)).size).toBe(1);
    expect(
      await count(
        database,
        "select count(*) as n from users join roles on roles.id = users.role_id where roles.name = 'super_admin'",
      ),
    ).toBe(1);
    expect(
      await count(
        database,
        'select count(*) as n from companies where level = 1 and parent_id is null',
      ),
    ).toBe(1);
    expect(
      await count(database, "select count(*) as n from settings where key = 'jwt_secret'"),
    ).toBe(1);
  });

  it('an instance starting while the lock is held waits for it, then starts', async () => {
    const database = await freshDatabase();
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    cleanups.push(() => holder.end());
    await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);

    let settled = false;
    const start = startOn(database).finally(() => (settled = true));
    await sleep(1000);
    // Still waiting, and it has not touched the database: not even drizzle's table exists.
    expect(settled).toBe(false);
    const [table] = await database.query<{ name: string | null }>(
      "select to_regclass('drizzle.__drizzle_migrations')::text as name",
    );
    expect(table?.name).toBeNull();

    await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    const { seed } = await start;
    expect(seed.createdAdmin?.email).toBe('admin@upgrade.test');
    expect(await appliedMigrations(database)).toHaveLength(journalOf().entries.length);
  });

  it('an instance older than the database starts without re-running or failing', async () => {
    const database = await freshDatabase();
    const newer = newerMigrationsFolder();
    cleanups.push(newer.remove);
    const shipped = journalOf().entries.length;

    // The first upgraded instance adds its migration.
    await startOn(database, { migrationsFolder: newer.folder });
    expect(await appliedMigrations(database)).toHaveLength(shipped + 1);
    expect(await count(database, 'select count(*) as n from upgrade_probe')).toBe(0);

    // The other instance, still the old version, restarts (a crash, a host reboot): its folder
    // lacks the newest migration. It must start, apply nothing and leave the table alone.
    await database.query('insert into upgrade_probe values (1)');
    const old = await startOn(database);
    expect(old.seed.createdAdmin).toBeUndefined();
    const applied = await appliedMigrations(database);
    expect(applied).toHaveLength(shipped + 1);
    expect(new Set(applied.map((row) => row.hash)).size).toBe(shipped + 1);
    expect(await count(database, 'select count(*) as n from upgrade_probe')).toBe(1);
    // And it works on that database.
    expect(await old.database.db.$count(users)).toBe(1);
  });
});
