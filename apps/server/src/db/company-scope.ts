import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { companies } from './schema';

interface Scoped {
  company: { path: string };
}

/**
 * Rows of the caller's company and its whole subtree: a prefix match on the materialised path,
 * served by the text_pattern_ops index. Paths hold only digits and '/', so nothing needs escaping.
 */
export const companySubtreeFilter = (auth: Scoped, pathColumn: AnyColumn = companies.path): SQL =>
  sql`${pathColumn} like ${`${auth.company.path}%`}`;
