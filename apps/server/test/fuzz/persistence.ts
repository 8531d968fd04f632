import { sql } from 'drizzle-orm';
import type { Database } from '@/db/client';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Columns a request touches without changing anything (throttled "last seen" stamps); they may
 * move on a refused request, as on any authenticated one.
 */
const TOUCH_COLUMNS = ['last_seen_at', 'last_used_at'];

/**
 * Rows a refused request may legitimately leave behind: the audit trail of refusals (failed
 * logins and confirmations are logged on purpose).
 */
export const REFUSAL_TRAIL_TABLES = new Set(['action_logs']);

/** The next transaction id: it moves only when some transaction wrote (or tried to). */
export const transactionHorizon = async (db: Database): Promise<string> =>
  rowsOf<{ x: string }>(
    await db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`),
  )[0]?.x ?? '';

export type Fingerprint = Map<string, string>;

/** Per-table content hashes; built once per database (the table list does not change). */
export const createFingerprinter = async (db: Database) => {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`
      select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`),
  ).map((row) => row.name);
  const minus = TOUCH_COLUMNS.map((c) => ` - '${c}'`).join('');
  const query = tables
    .filter((name) => !REFUSAL_TRAIL_TABLES.has(name))
    .map(
      (name) =>
        `select '${name}' as t, (select md5(coalesce(string_agg(h, ',' order by h), '')) ` +
        `from (select md5((to_jsonb(x)${minus})::text) as h from "${name}" x) s) as f`,
    )
    .join(' union all ');
  return async (): Promise<Fingerprint> =>
    new Map(
      rowsOf<{ t: string; f: string }>(await db.execute(sql.raw(query))).map((r) => [r.t, r.f]),
    );
};

/** The tables whose content differs between two fingerprints. */
export const changedTables = (before: Fingerprint, after: Fingerprint): string[] =>
  [...after.keys()].filter((table) => before.get(table) !== after.get(table));
