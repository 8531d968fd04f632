import type { Database } from '@/db/client';
import { encodeCopyRow } from './copy-text';
import { quoteIdent, type SqlSession, withSqlSession } from './sql-session';

/** Rows fetched per round trip: bounded memory whatever the table's size. */
const FETCH_ROWS = 2000;

export interface AppliedMigration {
  hash: string;
  /** drizzle's key for a migration: its journal `when`. */
  createdAt: number;
}

/** A daily partition of device_telemetry and its bound (FOR VALUES FROM (...) TO (...)). */
export interface TelemetryPartition {
  name: string;
  bound: string;
}

export interface DatabaseContents {
  migrations: AppliedMigration[];
  telemetryPartitions: TelemetryPartition[];
  /** Rows written per table. */
  tables: Record<string, number>;
}

export class NothingToBackUpError extends Error {}

const HEADER = `-- netfleet backup: the data of the public schema in pg_dump's plain COPY format.
-- The schema is not here: netfleet restore creates it with netfleet's migrations first.
SET statement_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SET session_replication_role = replica;
`;

/** Text output that reads back the same anywhere (what pg_dump sets too). */
const SNAPSHOT_SETTINGS = [
  "set local timezone to 'UTC'",
  "set local datestyle to 'ISO, YMD'",
  "set local intervalstyle to 'postgres'",
  'set local extra_float_digits to 3',
  "set local bytea_output to 'hex'",
];

const appliedMigrations = async (session: SqlSession): Promise<AppliedMigration[]> => {
  const [table] = await session.query<{ present: boolean }>(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as present",
  );
  if (!table?.present) throw new NothingToBackUpError('the database has no netfleet schema yet');
  const rows = await session.query<{ hash: string; created_at: string | number }>(
    'select hash, created_at from drizzle.__drizzle_migrations order by created_at',
  );
  return rows.map((row) => ({ hash: row.hash, createdAt: Number(row.created_at) }));
};

/** Ordinary and partitioned tables of public; partitions are read through their parent. */
const tablesOf = (session: SqlSession) =>
  session.query<{ oid: number; name: string }>(`
    select c.oid::int as oid, c.relname as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
    order by c.relname`);

/** Stored columns (generated ones are computed again on restore). */
export const columnsOf = (session: SqlSession, oid: number) =>
  session.query<{ name: string; type: string }>(
    `select a.attname as name, format_type(a.atttypid, a.atttypmod) as type
     from pg_attribute a
     where a.attrelid = $1::int::oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     order by a.attnum`,
    [oid],
  );

const telemetryPartitions = (session: SqlSession) =>
  session.query<TelemetryPartition>(`
    select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound
    from pg_inherits i
    join pg_class c on c.oid = i.inhrelid
    join pg_class p on p.oid = i.inhparent
    where p.relname = 'device_telemetry' and c.relname ~ '^device_telemetry_[0-9]{8}$'
    order by c.relname`);

const dumpTable = async (
  session: SqlSession,
  table: { oid: number; name: string },
  write: (text: string) => Promise<void>,
): Promise<number> => {
  const columns = await columnsOf(session, table.oid);
  const names = columns.map((column) => quoteIdent(column.name)).join(', ');
  const select = columns.map((column, i) => `${quoteIdent(column.name)}::text as c${i}`);
  await write(`\nCOPY public.${quoteIdent(table.name)} (${names}) FROM stdin;\n`);
  await session.query(
    `declare netfleet_backup no scroll cursor for select ${select.join(', ')} from public.${quoteIdent(table.name)}`,
  );
  let count = 0;
  for (;;) {
    const rows = await session.query<Record<string, string | null>>(
      `fetch forward ${FETCH_ROWS} from netfleet_backup`,
    );
    if (rows.length > 0) {
      const lines = rows.map((row) => encodeCopyRow(columns.map((_, i) => row[`c${i}`] ?? null)));
      await write(`${lines.join('\n')}\n`);
      count += rows.length;
    }
    if (rows.length < FETCH_ROWS) break;
  }
  await session.query('close netfleet_backup');
  await write('\\.\n');
  return count;
};

/**
 * Writes the data of every table of one snapshot as database.sql. Sequences are read last: they
 * are not transactional, so their values then are at least those of any row in the snapshot.
 */
export const dumpDatabase = (
  db: Database,
  write: (text: string) => Promise<void>,
): Promise<DatabaseContents> =>
  withSqlSession(db, 'snapshot', async (session) => {
    const migrations = await appliedMigrations(session);
    for (const setting of SNAPSHOT_SETTINGS) await session.query(setting);
    await write(HEADER);
    const tables: Record<string, number> = {};
    for (const table of await tablesOf(session)) {
      tables[table.name] = await dumpTable(session, table, write);
    }
    const partitions = await telemetryPartitions(session);
    const sequences = await session.query<{ name: string; last_value: string | null }>(
      `select sequencename as name, last_value::text as last_value from pg_sequences
       where schemaname = 'public' and last_value is not null order by sequencename`,
    );
    await write('\n');
    for (const sequence of sequences) {
      const name = `public.${quoteIdent(sequence.name)}`.replaceAll("'", "''");
      await write(`SELECT pg_catalog.setval('${name}', ${sequence.last_value}, true);\n`);
    }
    return { migrations, telemetryPartitions: partitions, tables };
  });
