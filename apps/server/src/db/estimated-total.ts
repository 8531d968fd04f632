import { LIST_EXACT_COUNT_LIMIT } from '@netfleet/contracts';
import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '@/db/client';

export interface ListTotal {
  total: number;
  /** The total is the planner's estimate: more than LIST_EXACT_COUNT_LIMIT rows match. */
  estimated: boolean;
}

/**
 * An estimate above this is answered without counting. The planner misjudges a filter on one
 * table by far less than 2× (a search's estimate comes from a 100-entry histogram: a few percent
 * of the table), so a list it puts here does not hold 10,000 rows or fewer.
 */
const TRUSTED_ESTIMATE = 2 * LIST_EXACT_COUNT_LIMIT;

/** The planner's row estimate of the plan's top node (EXPLAIN FORMAT JSON). */
const planRows = (result: unknown): number => {
  // PGlite and node-postgres both answer { rows }; either may leave the json column a string.
  const [row] = (result as { rows: Record<string, unknown>[] }).rows;
  const raw = row?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [
    { Plan: { 'Plan Rows': number } },
  ];
  return Math.round(plan[0].Plan['Plan Rows']);
};

/**
 * How many rows `matching` (a SELECT of the list's filtered rows, any columns) returns: exactly
 * while at most LIST_EXACT_COUNT_LIMIT do; past it the planner's estimate (at least the limit
 * + 1), flagged. The planner's estimate comes first (planning only, no rows read): when it is far
 * past the limit, it is the answer and nothing is counted. Otherwise the count stops at the first
 * row past the limit, so a filter matching 15,000 rows reads 10,001 of them rather than all.
 */
export const cappedTotal = async (tx: Executor, matching: SQLWrapper): Promise<ListTotal> => {
  const estimate = planRows(await tx.execute(sql`explain (format json) ${matching}`));
  if (estimate > TRUSTED_ESTIMATE) return { total: estimate, estimated: true };
  const result = await tx.execute(
    sql`select cast(count(*) as integer) as total from (${matching} limit ${LIST_EXACT_COUNT_LIMIT + 1}) as matching`,
  );
  const [row] = (result as unknown as { rows: { total: number | string }[] }).rows;
  const total = Number(row?.total ?? 0);
  if (total <= LIST_EXACT_COUNT_LIMIT) return { total, estimated: false };
  return { total: Math.max(estimate, total), estimated: true };
};

/**
 * A page's rows and the list's total; a short page is the end of the list, so its end is the
 * exact total, whatever was estimated.
 */
export const pageTotal = <T>(
  rows: T[],
  page: { limit: number; offset: number },
  total: ListTotal,
): { rows: T[] } & ListTotal => {
  if (rows.length < page.limit && (rows.length > 0 || page.offset === 0)) {
    return { rows, total: page.offset + rows.length, estimated: false };
  }
  return { rows, ...total };
};
