import { useQuery } from '@tanstack/react-query';
import type { CreateVpnHubZoneBody, UpdateVpnHubZoneBody, VpnHubZone } from '@netfleet/contracts';
import { api, type ApiResponse } from '@/lib/api-client';
import { vpnKeys, ZONES_PATH } from './keys';

const zonePath = (id: number) => `${ZONES_PATH}/${id}`;

/** POST /vpn/hubs/zones (super admin). */
export function createZone(body: CreateVpnHubZoneBody): Promise<ApiResponse<VpnHubZone>> {
  return api.post<VpnHubZone>(ZONES_PATH, { body });
}

/** PUT /vpn/hubs/zones/{id} (super admin). */
export function updateZone(
  id: number,
  body: UpdateVpnHubZoneBody,
): Promise<ApiResponse<VpnHubZone>> {
  return api.put<VpnHubZone>(zonePath(id), { body });
}

/** DELETE /vpn/hubs/zones/{id} (super admin); refused while hubs run in the zone. */
export async function deleteZone(id: number): Promise<void> {
  await api.delete<unknown>(zonePath(id));
}

/** The names of the zones' agent devices (GET /devices?id=…), by id. */
export function useZoneDevices(ids: readonly number[]) {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  return useQuery({
    queryKey: [...vpnKeys.zones(), 'devices', sorted] as const,
    queryFn: async ({ signal }) => {
      const { data } = await api.get<{ id: number; name: string }[]>('/devices', {
        query: { id: sorted.join(','), fields: 'id,name', limit: sorted.length },
        signal,
      });
      return new Map(data.map((device) => [device.id, device.name]));
    },
    enabled: sorted.length > 0,
  });
}
