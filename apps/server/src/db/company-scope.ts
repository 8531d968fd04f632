import { eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
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

/** What decides which companies a caller sees. */
export interface Viewer {
  company: { id: number; path: string };
  permissions: ReadonlySet<string>;
}

const seesSubsidiaries = (viewer: Viewer) => viewer.permissions.has('access_child_companies');

/**
 * Companies the caller may see: their own company and, with access_child_companies, its whole
 * subtree (spec §6: an end client or a guest sees only its own company). `table` is an alias of
 * companies when a query joins it twice (a row's company and the company of what it refers to).
 */
export const visibleCompaniesFilter = (
  viewer: Viewer,
  table: { id: AnyColumn; path: AnyColumn } = companies,
): SQL =>
  seesSubsidiaries(viewer)
    ? companySubtreeFilter(viewer, table.path)
    : (eq(table.id, viewer.company.id) as SQL);

/** Whether `company` is `root` or one of its subsidiaries, at any depth (paths loaded). */
export const inCompanySubtree = (root: { path: string }, company: { path: string }): boolean =>
  company.path.startsWith(root.path);

/** The same rule for a company already loaded. */
export const canSeeCompany = (viewer: Viewer, company: { id: number; path: string }): boolean =>
  seesSubsidiaries(viewer)
    ? inCompanySubtree(viewer.company, company)
    : company.id === viewer.company.id;
