import type { TableQuery } from '@/components/data-table';

export const statisticsKeys = {
  all: ['statistics'] as const,
  devices: () => [...statisticsKeys.all, 'devices'] as const,
  months: (query: object) => [...statisticsKeys.all, 'months', query] as const,
  unique: (query: object) => [...statisticsKeys.all, 'unique', query] as const,
  online: (query: object) => [...statisticsKeys.all, 'online', query] as const,
  connectionLogs: (query: TableQuery) => [...statisticsKeys.all, 'connection-logs', query] as const,
  actionLogs: (query: TableQuery) => [...statisticsKeys.all, 'action-logs', query] as const,
};
