import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { VpnConnectionLog } from '@netfleet/contracts';
import { toListPage, type ListPage, type TableQuery } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { hubApiPath, vpnKeys } from './keys';

/** GET /vpn/hubs/{id}/logs/user-connections: the hub's sessions, newest first (paged only). */
export async function getConnectionLogs(
  hubId: number,
  query: TableQuery,
  signal?: AbortSignal,
): Promise<ListPage<VpnConnectionLog>> {
  const response = await api.get<VpnConnectionLog[]>(`${hubApiPath(hubId)}/logs/user-connections`, {
    query: { limit: query.limit, offset: query.offset },
    signal,
  });
  return toListPage(response);
}

export function useConnectionLogs(hubId: number, query: TableQuery) {
  return useQuery({
    queryKey: vpnKeys.connectionLogs(hubId, query),
    queryFn: ({ signal }) => getConnectionLogs(hubId, query, signal),
    placeholderData: keepPreviousData,
  });
}
