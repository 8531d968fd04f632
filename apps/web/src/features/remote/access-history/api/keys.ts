import type { TableQuery } from '@/components/data-table';
import type { RangeQuery } from '@/components/date-range';

export const CONNECT_LOGS_PATH = '/devices/connect/logs';
export const sessionPath = (id: number) => `/devices/connect/sessions/${id}`;

export const accessHistoryKeys = {
  all: ['access-history'] as const,
  list: (query: TableQuery, range: RangeQuery) =>
    [...accessHistoryKeys.all, 'list', range, query] as const,
};
