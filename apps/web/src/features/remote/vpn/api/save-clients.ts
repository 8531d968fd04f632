import type {
  CreateVpnCustomClientBody,
  CreateVpnUserClientBody,
  SetVpnClientAddressBody,
  VpnClient,
  VpnDeviceRuleBody,
} from '@netfleet/contracts';
import { api, type ApiResponse } from '@/lib/api-client';
import { CUSTOM_USERS_PATH, HUB_USERS_PATH, hubApiPath, hubUserPath } from './keys';

/** POST /vpn/hubs/{id}/devices: devices join; a 207 names the ones refused (`device_id.<id>`). */
export function addDeviceClients(
  hubId: number,
  deviceIds: readonly number[],
): Promise<ApiResponse<unknown>> {
  return api.post<unknown>(`${hubApiPath(hubId)}/devices`, { body: { device_id: deviceIds } });
}

/** POST /vpn/hubs/users: a console user joins. */
export function addUserClient(body: CreateVpnUserClientBody): Promise<ApiResponse<VpnClient>> {
  return api.post<VpnClient>(HUB_USERS_PATH, { body });
}

/** POST /vpn/hubs/users/custom: a named user with a certificate of its own. */
export function addCustomClient(body: CreateVpnCustomClientBody): Promise<ApiResponse<VpnClient>> {
  return api.post<VpnClient>(CUSTOM_USERS_PATH, { body });
}

/** POST /vpn/hubs/users/{id}/toggle. */
export function toggleClient(clientId: number, enabled: boolean): Promise<ApiResponse<VpnClient>> {
  return api.post<VpnClient>(`${hubUserPath(clientId)}/toggle`, { body: { enabled } });
}

/** POST /vpn/hubs/users/{id}: a fixed address, or any free one (DHCP). */
export function setClientAddress(
  clientId: number,
  body: SetVpnClientAddressBody,
): Promise<ApiResponse<VpnClient>> {
  return api.post<VpnClient>(hubUserPath(clientId), { body });
}

/** DELETE /vpn/hubs/users/{id}: the client's certificate is revoked. */
export async function removeClient(clientId: number): Promise<void> {
  await api.delete<unknown>(hubUserPath(clientId));
}

/** POST /vpn/hubs/{id}/devices/{device_id}/rules: tunnel → LAN or WAN forwarding on the device. */
export function setDeviceRule(
  hubId: number,
  deviceId: number,
  body: VpnDeviceRuleBody,
): Promise<ApiResponse<unknown>> {
  return api.post<unknown>(`${hubApiPath(hubId)}/devices/${deviceId}/rules`, { body });
}

/** POST /vpn/hubs/{id}/devices/{device_id}/sync: the device is sent its configuration again. */
export function syncDevice(hubId: number, deviceId: number): Promise<ApiResponse<unknown>> {
  return api.post<unknown>(`${hubApiPath(hubId)}/devices/${deviceId}/sync`);
}
