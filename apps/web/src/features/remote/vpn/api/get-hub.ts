import { useQuery } from '@tanstack/react-query';
import type { VpnHub } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { STARTING_POLL_MS, isSettling } from './hub-polling';
import { hubApiPath, vpnKeys } from './keys';

/** GET /vpn/hubs/{id}: the hub with its settings, status and counts. */
export function useHub(id: number) {
  return useQuery({
    queryKey: vpnKeys.detail(id),
    queryFn: async ({ signal }) => (await api.get<VpnHub>(hubApiPath(id), { signal })).data,
    refetchInterval: (current) =>
      current.state.data && isSettling(current.state.data) ? STARTING_POLL_MS : false,
  });
}
