import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '@/config';
import { describeError, redactUrl } from '@/lib/connection-errors';
import { SERVER_ROOT } from '@/lib/server-root';
import { acquireDataDirLock } from './data-dir-lock';
import { DISK_FREE_MIN_BYTES, freeDiskBytes } from './pglite-disk-full';
import { gatePglite } from './pglite-gate';
import { initPgliteDataDir, PGLITE_START_PARAMS } from './pglite-memory';
import { createRecoverablePglite, type PgliteRecoveryEvent } from './pglite-recovery';
import { DatabaseConnectionError } from './errors';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  Schema,
  ExtractTablesWithRelations<Schema>
>;
/** What repository methods accept: the database itself or an open transaction. */
export type Executor = Database | Transaction;

export { DatabaseConnectionError };

export const MIGRATIONS_FOLDER = join(SERVER_ROOT, 'src', 'db', 'migrations');

/**
 * The contrib extensions the migrations create (pg_trgm: the device search's trigram indexes).
 * PostgreSQL ships them; PGlite must load their bundles when it starts, or CREATE EXTENSION fails.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** Any session-level advisory lock id works as long as every instance uses the same one. */
export const MIGRATION_LOCK_ID = 72_616_001;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * Applies pending migrations, then runs `afterMigrate` while still holding the migration lock,
   * so N instances starting together migrate and seed exactly once.
   */
  migrate<T>(afterMigrate: (db: Database) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface CreateDatabaseOptions {
  /** In-memory PGlite (tests); ignored when DATABASE_URL is set. */
  memory?: boolean;
  /** A `dumpDataDir()` tarball to start PGlite from, which skips initdb (tests). */
  pgliteTemplate?: Blob;
  /**
   * Another migrations folder than the one shipped (tests: a newer or older version's set, as
   * the instances of a rolling upgrade have).
   */
  migrationsFolder?: string;
}

const createPostgres = async (url: string, migrationsFolder: string): Promise<DatabaseHandle> => {
  const pool = new pg.Pool({ connectionString: url, connectionTimeoutMillis: 10_000, max: 10 });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  // Nor one checked out (a transaction between statements): pg-pool listens only while a client
  // is idle, and pg emits the lost socket as an 'error' event besides failing the query. The
  // query fails; the pool drops the client at its release (issue 23: PostgreSQL restarted).
  pool.on('connect', (client) => client.on('error', () => undefined));
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new DatabaseConnectionError(
      `Cannot connect to the database at DATABASE_URL=${redactUrl(url)}: ${describeError(error)}`,
    );
  }
  const db = drizzleNodePg({ client: pool, schema });
  return {
    db,
    kind: 'postgres',
    async migrate(afterMigrate) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        const locked = drizzleNodePg({ client, schema });
        await migrateNodePg(locked, { migrationsFolder });
        return await afterMigrate(locked);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
  };
};

/** What the operator is told: the disk filled, the database recovered (at most once a second). */
const reportRecovery = (dataDir: string) => (event: PgliteRecoveryEvent, error?: unknown) => {
  if (event === 'reopened') {
    console.log(`The embedded database in ${dataDir} has room again: re-opened.`);
    return;
  }
  // The driver's own message: drizzle's wrapper repeats the whole statement and its values.
  let cause = error;
  while (cause instanceof Error && cause.cause !== undefined) cause = cause.cause;
  const why = error === undefined ? '' : `: ${describeError(cause)}`;
  console.error(
    event === 'full'
      ? `The embedded database in ${dataDir} is out of disk space${why}. Writes that need room fail until DATA_DIR has ${DISK_FREE_MIN_BYTES / 2 ** 20} MB free; it is then re-opened.`
      : `The embedded database in ${dataDir}, recovering from a full disk (${event})${why}`,
  );
};

const createPglite = async (
  config: Config,
  options: CreateDatabaseOptions,
): Promise<DatabaseHandle> => {
  let releaseLock = () => {};
  let dataDir: string | undefined;
  if (!options.memory) {
    dataDir = join(config.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
    releaseLock = acquireDataDirLock(config.dataDir);
  }
  const open = (template?: Blob) =>
    PGlite.create({
      extensions: PGLITE_EXTENSIONS,
      startParams: PGLITE_START_PARAMS,
      ...(dataDir ? { dataDir } : {}),
      ...(template ? { loadDataDir: template } : {}),
    });
  let client: PGlite;
  try {
    if (dataDir && !options.pgliteTemplate) await initPgliteDataDir(dataDir);
    client = await open(options.pgliteTemplate);
  } catch (error) {
    releaseLock();
    throw new DatabaseConnectionError(
      `Cannot open the embedded database in DATA_DIR=${config.dataDir}: ${describeError(error)}`,
    );
  }
  // Only a database on disk can fill one, and only one on disk can be opened again.
  if (dataDir) {
    const dir = dataDir;
    client = createRecoverablePglite(client, {
      reopen: () => open(),
      hasRoom: async () => ((await freeDiskBytes(dir)) ?? 0) >= DISK_FREE_MIN_BYTES,
      onEvent: reportRecovery(dir),
    });
  }
  gatePglite(client);
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    async migrate(afterMigrate) {
      await migratePglite(db, { migrationsFolder: options.migrationsFolder ?? MIGRATIONS_FOLDER });
      return afterMigrate(db);
    },
    async close() {
      await client.close();
      releaseLock();
    },
  };
};

/**
 * The embedded database under a drizzle handle, or null on PostgreSQL: for what only PGlite offers
 * (COPY from a blob in memory).
 */
export const pgliteOf = (db: Database): PGlite | null => {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof PGlite ? client : null;
};

/** PostgreSQL when DATABASE_URL is set, otherwise embedded PGlite in DATA_DIR (or in memory). */
export const createDatabase = (
  config: Config,
  options: CreateDatabaseOptions = {},
): Promise<DatabaseHandle> =>
  config.databaseUrl
    ? createPostgres(config.databaseUrl, options.migrationsFolder ?? MIGRATIONS_FOLDER)
    : createPglite(config, options);
