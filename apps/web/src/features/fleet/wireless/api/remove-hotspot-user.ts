import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { HOTSPOT_USER_TEXTS } from '../texts';
import { hotspotUsersPath, type HotspotRef } from './keys';

export interface RemoveHotspotUserRequest {
  hotspot: HotspotRef & { device_name: string };
  username: string;
}

/** DELETE ?username= (RMS) answers a status channel, like adding; resolves to the channel. */
export async function removeHotspotUser({
  hotspot,
  username,
}: RemoveHotspotUserRequest): Promise<string> {
  const response = await api.delete<unknown>(hotspotUsersPath(hotspot), {
    query: { username },
    actionStatus: {
      title: HOTSPOT_USER_TEXTS.removeStatus(username),
      itemLabels: { [String(hotspot.device_id)]: hotspot.device_name },
    },
  });
  return String(response.meta?.channel ?? '');
}

export function useRemoveHotspotUser() {
  return useMutation({ mutationFn: removeHotspotUser });
}
