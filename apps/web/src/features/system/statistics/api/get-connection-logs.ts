import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DeviceLog } from './types';
import { toApiQuery, toListPage, type ListPage, type TableQuery } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { statisticsKeys } from './keys';

/** The connection log across every visible device, newest first (only paging is offered). */
export async function getConnectionLogs(
  query: TableQuery,
  signal?: AbortSignal,
): Promise<ListPage<DeviceLog>> {
  const { limit, offset } = toApiQuery(query);
  return toListPage(
    await api.get<DeviceLog[]>('/devices/logs', { query: { limit, offset }, signal }),
  );
}

export function useConnectionLogs(query: TableQuery) {
  return useQuery({
    queryKey: statisticsKeys.connectionLogs(query),
    queryFn: ({ signal }) => getConnectionLogs(query, signal),
    placeholderData: keepPreviousData,
  });
}
