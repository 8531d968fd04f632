import { useMutation } from '@tanstack/react-query';
import type { HotspotUserBody } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { HOTSPOT_USER_TEXTS } from '../texts';
import { hotspotUsersPath, type HotspotRef } from './keys';

export interface AddHotspotUserRequest {
  hotspot: HotspotRef & { device_name: string };
  body: HotspotUserBody;
}

/**
 * POST answers a status channel at once; the live 'Action status' follows the device to the end.
 * Resolves to the channel, so the caller can reload the users once the device is done.
 */
export async function addHotspotUser({ hotspot, body }: AddHotspotUserRequest): Promise<string> {
  const response = await api.post<unknown>(hotspotUsersPath(hotspot), {
    body,
    actionStatus: {
      title: HOTSPOT_USER_TEXTS.addStatus(body.username.trim()),
      itemLabels: { [String(hotspot.device_id)]: hotspot.device_name },
    },
  });
  return String(response.meta?.channel ?? '');
}

export function useAddHotspotUser() {
  return useMutation({ mutationFn: addHotspotUser });
}
