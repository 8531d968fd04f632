import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuthDevice, AuthDeviceStatus } from '@netfleet/contracts';
import { toApiQuery, toListPage, type ListPage, type TableQuery } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { AUTH_DEVICES_PATH, authDevicesKeys } from './keys';

export async function getAuthDevices(
  status: AuthDeviceStatus,
  query: TableQuery,
  signal?: AbortSignal,
): Promise<ListPage<AuthDevice>> {
  const response = await api.get<AuthDevice[]>(AUTH_DEVICES_PATH, {
    query: { ...toApiQuery(query), status },
    signal,
  });
  return toListPage(response);
}

export function useAuthDevices(status: AuthDeviceStatus, query: TableQuery) {
  return useQuery({
    queryKey: authDevicesKeys.list(status, query),
    queryFn: ({ signal }) => getAuthDevices(status, query, signal),
    placeholderData: keepPreviousData,
  });
}
