import { ERROR_CODES, parseSort } from '@netfleet/contracts';
import { asc, desc, ilike, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { ApiError } from '@/lib/api-error';
import { knownNames } from '@/lib/query-fields';

/**
 * `sort=a,-b` → ORDER BY over a whitelist of columns, so no client string reaches SQL. An unknown
 * field is a 400 naming it rather than a silently ignored sort.
 */
export const orderByFrom = (
  sort: string | undefined,
  columns: Record<string, AnyColumn | SQL>,
  fallback: SQL[],
): SQL[] => {
  const fields = parseSort(sort);
  if (fields.length === 0) return fallback;
  return fields.map(({ field, desc: descending }) => {
    const column = columns[field];
    if (!column) {
      throw new ApiError(
        400,
        ERROR_CODES.VALIDATION_ERROR,
        `Cannot sort by ${field}; sortable fields: ${Object.keys(columns).join(', ')}`,
        'sort',
      );
    }
    return descending ? desc(column) : asc(column);
  });
};

/** `q` as a case-insensitive substring pattern with LIKE wildcards escaped. */
export const containsPattern = (q: string): string => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const countAll = sql<number>`cast(count(*) as integer)`;

/**
 * `q` over the `search-fields` the caller chose (default: all of `searchable`), case-insensitive,
 * with LIKE wildcards taken literally. Names `searchable` lacks are skipped (knownNames); several
 * names may search one column (an alias), which is then searched once.
 */
export const searchFilter = (
  q: string,
  fields: string[] | undefined,
  searchable: Record<string, AnyColumn>,
): SQL | undefined => {
  const chosen = chosenSearchFields(fields, Object.keys(searchable));
  const columns = new Set(chosen.map((field) => searchable[field] as AnyColumn));
  const pattern = containsPattern(q);
  return or(...[...columns].map((column) => ilike(column, pattern)));
};

/** The `search-fields` the caller chose that `searchable` has (default: all of them). */
export const chosenSearchFields = (
  fields: string[] | undefined,
  searchable: readonly string[],
): string[] => (fields?.length ? knownNames(fields, searchable, 'search-fields') : [...searchable]);
