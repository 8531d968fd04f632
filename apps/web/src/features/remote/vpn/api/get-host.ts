import { useQuery } from '@tanstack/react-query';
import type { VpnHubHost, VpnHubZone } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { HOST_PATH, ZONES_PATH, vpnKeys } from './keys';

/** The host's ability to run OpenVPN changes only when the server restarts. */
const HOST_STALE_MS = 5 * 60_000;

/** GET /vpn/hubs/host: whether this server's host can run hubs, and if not why and what fixes it. */
export function useHubHost() {
  return useQuery({
    queryKey: vpnKeys.host(),
    queryFn: async ({ signal }) => (await api.get<VpnHubHost>(HOST_PATH, { signal })).data,
    staleTime: HOST_STALE_MS,
  });
}

/** GET /vpn/hubs/zones: where hubs can run. */
export function useHubZones() {
  return useQuery({
    queryKey: vpnKeys.zones(),
    queryFn: async ({ signal }) => (await api.get<VpnHubZone[]>(ZONES_PATH, { signal })).data,
    staleTime: HOST_STALE_MS,
  });
}
