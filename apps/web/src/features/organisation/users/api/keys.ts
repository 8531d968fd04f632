import type { TableQuery } from '@/components/data-table';

export const usersKeys = {
  all: ['users'] as const,
  list: (query: TableQuery) => [...usersKeys.all, 'list', query] as const,
  invitations: (query: TableQuery) => [...usersKeys.all, 'invitations', query] as const,
  moveLogs: (query: TableQuery) => [...usersKeys.all, 'move-logs', query] as const,
  impersonationLogs: (query: TableQuery) =>
    [...usersKeys.all, 'impersonation-logs', query] as const,
  roleOptions: () => [...usersKeys.all, 'role-options'] as const,
};
