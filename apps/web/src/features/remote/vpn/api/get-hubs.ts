import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { VpnHub } from '@netfleet/contracts';
import { toApiQuery, toListPage, type ListPage, type TableQuery } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { HUBS_PATH, vpnKeys, type HubKind } from './keys';
import { STARTING_POLL_MS, isSettling } from './hub-polling';

/** GET /vpn/hubs: a page of ordinary hubs, or of quick connect hubs (`quick_hub=1`). */
export async function getHubs(
  kind: HubKind,
  query: TableQuery,
  signal?: AbortSignal,
): Promise<ListPage<VpnHub>> {
  const response = await api.get<VpnHub[]>(HUBS_PATH, {
    query: { ...toApiQuery(query), quick_hub: kind === 'quick' ? 1 : 0 },
    signal,
  });
  return toListPage(response);
}

export function useHubs(kind: HubKind, query: TableQuery) {
  return useQuery({
    queryKey: vpnKeys.list(kind, query),
    queryFn: ({ signal }) => getHubs(kind, query, signal),
    placeholderData: keepPreviousData,
    // A hub that is starting reports running or failed within seconds: show it.
    refetchInterval: (current) =>
      current.state.data?.rows.some(isSettling) ? STARTING_POLL_MS : false,
  });
}
