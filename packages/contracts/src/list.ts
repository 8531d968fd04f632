import { z } from 'zod';
import { commaListSchema, searchQueryShape } from './search-query.ts';

export const LIST_DEFAULT_LIMIT = 25;
export const LIST_MAX_LIMIT = 1000;

/**
 * Lists count matching rows exactly up to this many. Past it the total is the database planner's
 * estimate (never below this + 1) and the envelope says so with `meta.total_estimated: true`:
 * counting 80,000 matching rows on every page costs more than the page itself.
 */
export const LIST_EXACT_COUNT_LIMIT = 10_000;

export interface SortField {
  field: string;
  desc: boolean;
}

/** `sort=name,-created_at` → ascending name, then descending created_at. */
export const parseSort = (sort: string | undefined): SortField[] =>
  (sort ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) =>
      s.startsWith('-') ? { field: s.slice(1), desc: true } : { field: s, desc: false },
    );

/**
 * Row ids are PostgreSQL `integer` columns: a larger number can match no row, and sent to the
 * database it fails the whole query (a 500) instead of being the client's 400.
 */
export const ID_MAX = 2_147_483_647;

/** One id, from a path (`/tokens/:id`) or a query string. */
export const idSchema = z.coerce.number<string>().int().min(1).max(ID_MAX);

/** Comma-joined ids (`id=1,2,3`); anything that is not a positive integer is a 400, not a silent drop. */
export const idListSchema = commaListSchema.pipe(
  z.array(
    z
      .string()
      .regex(/^[1-9]\d*$/, 'Ids must be positive integers')
      .pipe(idSchema),
  ),
);

/** The list parameters every collection endpoint accepts (RMS API v3 conventions). */
export const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(LIST_MAX_LIMIT).default(LIST_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).default(0),
  sort: z
    .string()
    .regex(
      /^-?[a-z_][a-z0-9_.]*(,-?[a-z_][a-z0-9_.]*)*$/i,
      'Sort must be comma-separated field names',
    )
    .optional(),
  ...searchQueryShape,
  fields_only: z.stringbool().optional(),
  id: idListSchema.optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export interface FieldFilter {
  field: string;
  negate: boolean;
  values: string[];
}

/**
 * Field filters from a raw query: `status=1,2` and `ne:status=0`. Only `allowed` field names are
 * taken, so unknown keys can never reach SQL.
 */
export const parseFieldFilters = (
  query: Record<string, unknown>,
  allowed: readonly string[],
): FieldFilter[] => {
  const filters: FieldFilter[] = [];
  for (const [key, raw] of Object.entries(query)) {
    const negate = key.startsWith('ne:') || key.startsWith('ne_');
    const field = negate ? key.slice(3) : key;
    if (!allowed.includes(field) || raw === undefined || raw === null || raw === '') continue;
    const values = (Array.isArray(raw) ? raw : String(raw).split(','))
      .map((v) => String(v).trim())
      .filter(Boolean);
    if (values.length) filters.push({ field, negate, values });
  }
  return filters;
};
