import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DeviceJob } from '@netfleet/contracts';
import { toApiQuery, toListPage, type ListPage, type TableQuery } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { statisticsKeys } from './keys';

/** Actions, commands and firmware updates of every visible device, newest first. */
export async function getActionLogs(
  query: TableQuery,
  signal?: AbortSignal,
): Promise<ListPage<DeviceJob>> {
  const { limit, offset } = toApiQuery(query);
  return toListPage(
    await api.get<DeviceJob[]>('/devices/actions/logs', { query: { limit, offset }, signal }),
  );
}

export function useActionLogs(query: TableQuery) {
  return useQuery({
    queryKey: statisticsKeys.actionLogs(query),
    queryFn: ({ signal }) => getActionLogs(query, signal),
    placeholderData: keepPreviousData,
  });
}
