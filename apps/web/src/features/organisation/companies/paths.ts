/** The company page, optionally at a tab (and sub tab): /companies/{id}/{tab}/{sub}. */
export const companyPath = (id: number, tab?: string, sub?: string): string =>
  ['/companies', String(id), tab, tab ? sub : undefined].filter(Boolean).join('/');

export const COMPANIES_ROUTE = '/companies';
export const COMPANY_TREE_ROUTE = '/companies/tree';
