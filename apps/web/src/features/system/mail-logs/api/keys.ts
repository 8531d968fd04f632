import type { TableQuery } from '@/components/data-table';

export const mailLogsKeys = {
  all: ['mail-logs'] as const,
  list: (query: TableQuery) => [...mailLogsKeys.all, 'list', query] as const,
  outbox: (query: TableQuery) => [...mailLogsKeys.all, 'outbox', query] as const,
};
