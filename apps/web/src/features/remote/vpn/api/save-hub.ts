import type {
  CreateQuickHubBody,
  CreateVpnHubBody,
  ToggleVpnHubBody,
  UpdateVpnHubBody,
  VpnHub,
  VpnHubSettingsBody,
} from '@netfleet/contracts';
import { api, type ApiResponse } from '@/lib/api-client';
import { HUBS_PATH, QUICK_CREATE_PATH, hubApiPath } from './keys';

// The writes answer the hub as it is now beside the status channel; the pages show its state, so
// the channel's dialog is not opened.

/** POST /vpn/hubs. */
export function createHub(body: CreateVpnHubBody): Promise<ApiResponse<VpnHub>> {
  return api.post<VpnHub>(HUBS_PATH, { body });
}

/** POST /vpn/hubs/connect: a quick hub with one device as its endpoint. */
export function createQuickHub(body: CreateQuickHubBody): Promise<ApiResponse<VpnHub>> {
  return api.post<VpnHub>(QUICK_CREATE_PATH, { body });
}

/** PUT /vpn/hubs/{id}: name, description and tags. */
export function updateHub(id: number, body: UpdateVpnHubBody): Promise<ApiResponse<VpnHub>> {
  return api.put<VpnHub>(hubApiPath(id), { body });
}

/** PUT /vpn/hubs/{id}/toggle: on or off, for a while when `duration` (s) is given. */
export function toggleHub(id: number, body: ToggleVpnHubBody): Promise<ApiResponse<VpnHub>> {
  return api.put<VpnHub>(`${hubApiPath(id)}/toggle`, { body });
}

/** PUT /vpn/hubs/{id}/settings: the tunnel subnet. */
export function changeHubSettings(
  id: number,
  body: VpnHubSettingsBody,
): Promise<ApiResponse<VpnHub>> {
  return api.put<VpnHub>(`${hubApiPath(id)}/settings`, { body });
}

/** DELETE /vpn/hubs with `{id: [...]}`. */
export async function deleteHubs(ids: readonly number[]): Promise<void> {
  await api.delete<unknown>(HUBS_PATH, { body: { id: ids } });
}
