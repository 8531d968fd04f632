import type { TableQuery } from '@/components/data-table';

export const usersKeys = {
  all: ['users'] as const,
  impersonationLogs: (query: TableQuery) =>
    [...usersKeys.all, 'impersonation-logs', query] as const,
};
