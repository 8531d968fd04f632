import type { TableQuery } from '@/components/data-table';

export const FILES_PATH = '/files';

export const filesKeys = {
  all: ['files'] as const,
  list: (query: TableQuery) => [...filesKeys.all, 'list', query] as const,
};
