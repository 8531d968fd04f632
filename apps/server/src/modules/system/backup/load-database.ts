import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Database } from '@/db/client';
import { decodeCopyRow } from './copy-text';
import { columnsOf, type TelemetryPartition } from './dump-database';
import { quoteIdent, type SqlSession, withSqlSession } from './sql-session';

/** Rows per INSERT: one JSON parameter each, a few MB at most. */
const INSERT_ROWS = 500;

const COPY_LINE = /^COPY public\."((?:[^"]|"")+)" \((.*)\) FROM stdin;$/;
const SETVAL_LINE =
  /^SELECT pg_catalog\.setval\('public\."((?:[^"']|"")+)"', (\d+), (true|false)\);$/;
const PARTITION_NAME = /^device_telemetry_\d{8}$/;
const PARTITION_BOUND = /^FOR VALUES FROM \('[0-9 :+.-]+'\) TO \('[0-9 :+.-]+'\)$/;

export class BackupDataError extends Error {}

const unquote = (quoted: string) => quoted.replaceAll('""', '"');

const columnNames = (list: string): string[] =>
  [...list.matchAll(/"((?:[^"]|"")+)"/g)].map((match) => unquote(match[1] ?? ''));

interface TableLoad {
  insert: string;
  width: number;
  rows: (string | null)[][];
  count: number;
}

/** The INSERT for a table's rows, after checking the table and columns exist here. */
const prepareTable = async (
  session: SqlSession,
  table: string,
  columns: string[],
): Promise<TableLoad> => {
  const [found] = await session.query<{ oid: number }>(
    `select c.oid::int as oid from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relname = $1 and c.relkind in ('r', 'p') and not c.relispartition`,
    [table],
  );
  if (!found) throw new BackupDataError(`table ${table} of the backup does not exist here`);
  const types = new Map(
    (await columnsOf(session, found.oid)).map((column) => [column.name, column.type]),
  );
  const casts = columns.map((column, i) => {
    const type = types.get(column);
    if (!type)
      throw new BackupDataError(`column ${table}.${column} of the backup does not exist here`);
    return `(r->>${i})::${type}`;
  });
  return {
    insert: `insert into public.${quoteIdent(table)} (${columns.map(quoteIdent).join(', ')})
      overriding system value select ${casts.join(', ')} from json_array_elements($1::text::json) as e(r)`,
    width: columns.length,
    rows: [],
    count: 0,
  };
};

const flush = async (session: SqlSession, load: TableLoad) => {
  if (load.rows.length === 0) return;
  await session.query(load.insert, [JSON.stringify(load.rows)]);
  load.count += load.rows.length;
  load.rows = [];
};

/** The daily partitions the backup's readings sit in, so they do not land in the default one. */
const createPartitions = async (session: SqlSession, partitions: TelemetryPartition[]) => {
  for (const { name, bound } of partitions) {
    if (!PARTITION_NAME.test(name) || !PARTITION_BOUND.test(bound)) {
      throw new BackupDataError(`unexpected telemetry partition ${name} ${bound}`);
    }
    await session.query(
      `create table if not exists ${quoteIdent(name)} partition of device_telemetry ${bound}`,
    );
  }
};

/**
 * Loads a backup's database.sql into a database whose schema the migrations just made, in one
 * transaction. Foreign keys and triggers are off meanwhile (session_replication_role = replica,
 * as pg_dump's data-only restore): the rows are already consistent, and a trigger filling a
 * derived table (device_search) would duplicate rows that the backup holds too.
 * Answers the rows loaded per table.
 */
export const loadDatabase = (
  db: Database,
  sqlFile: string,
  partitions: TelemetryPartition[],
): Promise<Record<string, number>> =>
  withSqlSession(db, 'write', async (session) => {
    await session.query('set local session_replication_role = replica');
    await createPartitions(session, partitions);
    const loaded: Record<string, number> = {};
    let current: TableLoad | null = null;
    let table = '';
    const lines = createInterface({
      input: createReadStream(sqlFile, 'utf8'),
      crlfDelay: Infinity,
    });
    for await (const line of lines) {
      if (current) {
        if (line === '\\.') {
          await flush(session, current);
          loaded[table] = current.count;
          current = null;
          continue;
        }
        const row = decodeCopyRow(line);
        if (row.length !== current.width) {
          throw new BackupDataError(
            `a row of ${table} has ${row.length} fields, not ${current.width}`,
          );
        }
        current.rows.push(row);
        if (current.rows.length >= INSERT_ROWS) await flush(session, current);
        continue;
      }
      const copy = COPY_LINE.exec(line);
      const setval = copy ? null : SETVAL_LINE.exec(line);
      if (copy) {
        table = unquote(copy[1] ?? '');
        current = await prepareTable(session, table, columnNames(copy[2] ?? ''));
      } else if (setval) {
        await session.query('select setval($1::regclass, $2::bigint, $3::boolean)', [
          `public.${quoteIdent(unquote(setval[1] ?? ''))}`,
          setval[2],
          setval[3] === 'true',
        ]);
      } else if (line !== '' && !line.startsWith('--') && !line.startsWith('SET ')) {
        throw new BackupDataError(`unexpected line in database.sql: ${line.slice(0, 80)}`);
      }
    }
    if (current) throw new BackupDataError(`database.sql ends inside the rows of ${table}`);
    return loaded;
  });
