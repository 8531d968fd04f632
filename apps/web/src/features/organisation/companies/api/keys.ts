import type { TableQuery } from '@/components/data-table';

export const COMPANIES_PATH = '/companies';

// Everything under `all`, so a mutation can reload every company view at once (the list, the
// tree, a company page and its tabs).
export const companiesKeys = {
  all: ['companies'] as const,
  list: (query: TableQuery) => [...companiesKeys.all, 'list', query] as const,
  tree: () => [...companiesKeys.all, 'tree'] as const,
  detail: (id: number) => [...companiesKeys.all, 'detail', id] as const,
  users: (id: number, query: TableQuery) => [...companiesKeys.detail(id), 'users', query] as const,
  invitations: (id: number, query: TableQuery) =>
    [...companiesKeys.detail(id), 'invitations', query] as const,
};
