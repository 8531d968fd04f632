import type { TableQuery } from '@/components/data-table';

export const rolesKeys = {
  all: ['roles'] as const,
  list: (query: TableQuery) => [...rolesKeys.all, 'list', query] as const,
  permissions: (roleId: number) => [...rolesKeys.all, 'permissions', roleId] as const,
};
