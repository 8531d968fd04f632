import { useQuery } from '@tanstack/react-query';
import type { VpnProfile } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { hubUserPath, vpnKeys } from './keys';

/**
 * GET /vpn/hubs/users/{id}/profile: a user client's .ovpn with its download link and expiry. The
 * server records each hand-out, so it is asked for once per opened dialog, never refetched.
 */
export function useClientProfile(clientId: number) {
  return useQuery({
    queryKey: vpnKeys.config(clientId),
    queryFn: async ({ signal }) =>
      (await api.get<VpnProfile>(`${hubUserPath(clientId)}/profile`, { signal })).data,
    // A profile holds a private key: keep it in memory no longer than the dialog.
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
  });
}
