import { useQuery } from '@tanstack/react-query';
import type { VpnDhcpBody, VpnDhcpOption } from '@netfleet/contracts';
import { api, type ApiResponse } from '@/lib/api-client';
import { hubApiPath, vpnKeys } from './keys';

const dhcpPath = (hubId: number) => `${hubApiPath(hubId)}/dhcp`;

/** GET /vpn/hubs/{id}/dhcp: the DNS and WINS servers the hub pushes. */
export function useDhcpOptions(hubId: number) {
  return useQuery({
    queryKey: vpnKeys.dhcp(hubId),
    queryFn: async ({ signal }) =>
      (await api.get<VpnDhcpOption[]>(dhcpPath(hubId), { signal })).data,
  });
}

/** POST /vpn/hubs/{id}/dhcp. */
export function addDhcpOption(hubId: number, body: VpnDhcpBody): Promise<ApiResponse<unknown>> {
  return api.post<unknown>(dhcpPath(hubId), { body });
}

/** DELETE /vpn/hubs/{id}/dhcp: the option is named by its address and type. */
export async function removeDhcpOption(hubId: number, body: VpnDhcpBody): Promise<void> {
  await api.delete<unknown>(dhcpPath(hubId), { body });
}
