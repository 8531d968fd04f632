import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Device } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { remoteAccessKeys } from './keys';

/** Spec §7 picker size; typing searches the rest on the server. */
const DEVICE_OPTIONS_LIMIT = 100;

export interface DeviceOption {
  value: string;
  label: string;
}

/** GET /devices?q=&limit=: the devices the user can see, for the rule's device picker. */
export function useDeviceOptions(search: string, enabled: boolean) {
  return useQuery({
    queryKey: remoteAccessKeys.deviceOptions(search),
    queryFn: async ({ signal }): Promise<DeviceOption[]> => {
      const { data } = await api.get<Pick<Device, 'id' | 'name'>[]>('/devices', {
        query: { q: search.trim() || undefined, limit: DEVICE_OPTIONS_LIMIT, fields: 'id,name' },
        signal,
      });
      return data.map((device) => ({ value: String(device.id), label: device.name }));
    },
    placeholderData: keepPreviousData,
    enabled,
  });
}
