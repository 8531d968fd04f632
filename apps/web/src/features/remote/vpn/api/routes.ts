import { useQuery } from '@tanstack/react-query';
import type { CreateVpnRouteBody, VpnRoute } from '@netfleet/contracts';
import { api, type ApiResponse } from '@/lib/api-client';
import { ROUTES_PATH, vpnKeys } from './keys';

/** GET /vpn/hubs/routes?vpn_hub_id=: every route of the hub (at most 256). */
export function useRoutes(hubId: number) {
  return useQuery({
    queryKey: vpnKeys.routes(hubId),
    queryFn: async ({ signal }) =>
      (await api.get<VpnRoute[]>(ROUTES_PATH, { query: { vpn_hub_id: hubId }, signal })).data,
  });
}

/** POST /vpn/hubs/routes: one LAN through one device client. */
export function addRoute(body: CreateVpnRouteBody): Promise<ApiResponse<VpnRoute>> {
  return api.post<VpnRoute>(ROUTES_PATH, { body });
}

/** DELETE /vpn/hubs/routes/{id}. */
export async function removeRoute(routeId: number): Promise<void> {
  await api.delete<unknown>(`${ROUTES_PATH}/${routeId}`);
}
