import { z } from 'zod';

// `q`, `search-fields` and `fields` (RMS API v3 list conventions), shared by every collection
// endpoint, and the one request the console's global search sends to each kind (spec §7).

/** `a,b` or repeated keys (`a&a`) → trimmed, non-empty names. */
export const commaListSchema = z.union([z.string(), z.array(z.string())]).transform((v) =>
  (Array.isArray(v) ? v.join(',') : v)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);

/**
 * The global search sends these to every kind, so a kind skips the names it does not have; a
 * request naming none of a kind's fields is a 400 that lists them.
 */
export const GLOBAL_SEARCH_FIELDS = ['name', 'email'] as const;
export const GLOBAL_SEARCH_RESULT_FIELDS = [
  'id',
  'name',
  'status',
  'email',
  'protocol',
  'enabled',
  'color',
] as const;

export const searchQueryShape = {
  q: z.string().trim().max(200).optional(),
  'search-fields': commaListSchema
    .optional()
    .describe(
      'Fields q searches (comma-separated; default: all searchable). Names this list lacks are skipped; naming none of its searchable fields is a 400.',
    ),
  fields: commaListSchema
    .optional()
    .describe(
      'Fields each row carries, id always included (comma-separated; default: all). Names this list lacks are skipped; naming none of its fields is a 400.',
    ),
};
export const searchQuerySchema = z.object(searchQueryShape);
export type SearchQuery = z.infer<typeof searchQuerySchema>;
