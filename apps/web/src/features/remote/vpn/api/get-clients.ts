import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { VpnClient } from '@netfleet/contracts';
import { toApiQuery, toListPage, type ListPage, type TableQuery } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { hubApiPath, vpnKeys } from './keys';

/** Routes and forwarding rules list every device client at once; a hub's routes cap it too. */
const DEVICE_CLIENTS_LIMIT = 256;

/** GET /vpn/hubs/{id}/clients: a page of the hub's devices, users and custom users. */
export async function getClients(
  hubId: number,
  query: TableQuery,
  signal?: AbortSignal,
): Promise<ListPage<VpnClient>> {
  const response = await api.get<VpnClient[]>(`${hubApiPath(hubId)}/clients`, {
    query: toApiQuery(query),
    signal,
  });
  return toListPage(response);
}

export function useClients(hubId: number, query: TableQuery) {
  return useQuery({
    queryKey: vpnKeys.clientList(hubId, query),
    queryFn: ({ signal }) => getClients(hubId, query, signal),
    placeholderData: keepPreviousData,
  });
}

/** The hub's device clients by name: what routes go through, and whose forwarding is set. */
export function useDeviceClients(hubId: number) {
  return useQuery({
    queryKey: vpnKeys.deviceClients(hubId),
    queryFn: async ({ signal }) =>
      (
        await api.get<VpnClient[]>(`${hubApiPath(hubId)}/clients`, {
          query: { type: 'device', sort: 'name', limit: DEVICE_CLIENTS_LIMIT },
          signal,
        })
      ).data,
  });
}
