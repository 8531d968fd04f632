import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { deviceLinkSchema } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { remoteAccessKeys, type LinkType } from './keys';

export type DeviceLink = z.infer<typeof deviceLinkSchema>;

/** GET /devices/{id}/links?type=: the caller's own active links of that type to the device. */
export function useDeviceLinks(deviceId: number, type: LinkType) {
  return useQuery({
    queryKey: remoteAccessKeys.links(deviceId, type),
    queryFn: async ({ signal }) =>
      (await api.get<DeviceLink[]>(`/devices/${deviceId}/links`, { query: { type }, signal })).data,
  });
}
