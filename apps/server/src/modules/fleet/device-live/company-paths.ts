import { sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { companies } from '@/db/schema';

/** A company's ancestors and itself, root first, from its materialised path ('/1/5/9/'). */
export const companiesOnPath = (path: string): number[] =>
  path
    .split('/')
    .filter((part) => part !== '')
    .map(Number);

export interface CompanyPaths {
  /** The materialised paths of those of `ids` that exist. */
  resolve(ids: readonly number[]): Promise<Map<number, string>>;
}

/** Companies move rarely; a moved one reaches its new ancestors' channels this much later at most. */
const TTL_MS = 10_000;

/**
 * Company paths for the live device channels: one query per emit for the companies not cached
 * or cached too long ago, never one per change. A deleted company drops out of the cache.
 */
export const createCompanyPaths = (
  db: Database,
  options: { ttlMs?: number; now?: () => number } = {},
): CompanyPaths => {
  const ttlMs = options.ttlMs ?? TTL_MS;
  const now = options.now ?? Date.now;
  const cache = new Map<number, { path: string; at: number }>();

  return {
    async resolve(ids) {
      const at = now();
      const paths = new Map<number, string>();
      const missing: number[] = [];
      for (const id of ids) {
        const cached = cache.get(id);
        if (cached && at - cached.at < ttlMs) paths.set(id, cached.path);
        else missing.push(id);
      }
      if (missing.length === 0) return paths;
      // One parameter for the whole list, however many companies changed.
      const rows = await db
        .select({ id: companies.id, path: companies.path })
        .from(companies)
        .where(sql`${companies.id} = any(${sql.param(missing)}::int[])`);
      for (const id of missing) cache.delete(id);
      for (const row of rows) {
        cache.set(row.id, { path: row.path, at });
        paths.set(row.id, row.path);
      }
      return paths;
    },
  };
};
