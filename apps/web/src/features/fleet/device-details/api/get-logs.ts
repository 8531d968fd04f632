import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DeviceJob } from '@netfleet/contracts';
import { toListPage, type ListPage, type TableQuery } from '@/components/data-table';
import { api } from '@/lib/api-client';
import type { ConnectionLogEntry } from '../model/activity';
import { deviceApiPath, deviceKeys, DEVICES_PATH } from './keys';

// Both logs page with limit/offset only, newest first: the API sorts and searches neither.
const pageOf = (query: TableQuery) => ({ limit: query.limit, offset: query.offset });

export function useConnectionLog(id: number, query: TableQuery) {
  return useQuery({
    queryKey: deviceKeys.connectionLog(id, query),
    queryFn: async ({ signal }): Promise<ListPage<ConnectionLogEntry>> =>
      toListPage(
        await api.get<ConnectionLogEntry[]>(`${deviceApiPath(id)}/logs`, {
          query: pageOf(query),
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useActionLog(id: number, query: TableQuery) {
  return useQuery({
    queryKey: deviceKeys.actionLog(id, query),
    queryFn: async ({ signal }): Promise<ListPage<DeviceJob>> =>
      toListPage(
        await api.get<DeviceJob[]>(`${DEVICES_PATH}/actions/logs`, {
          query: { ...pageOf(query), device_id: id },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}
