import type { TableQuery } from '@/components/data-table';
import type { Query } from '@/lib/api-client';

export const DEVICES_PATH = '/devices';

export const devicesKeys = {
  all: ['devices'] as const,
  /** Every cached page of the list, whatever its query: live changes patch all of them. */
  lists: () => [...devicesKeys.all, 'list'] as const,
  list: (query: TableQuery, fields: readonly string[]) =>
    [...devicesKeys.lists(), query, fields] as const,
  /** Values per filterable field (GET /devices/statistics), for the filter pickers. */
  filterValues: () => [...devicesKeys.all, 'filter-values'] as const,
  options: (endpoint: string, query: Query, search: string) =>
    [...devicesKeys.all, 'options', endpoint, query, search] as const,
};
