import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Device } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { deviceApiPath, deviceKeys } from './keys';

/** PUT /devices/{id} without a user-set position: the map then shows only what the device reports. */
export function useClearPosition(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (
        await api.put<Device>(deviceApiPath(id), {
          body: { user_set_latitude: null, user_set_longitude: null },
        })
      ).data,
    onSuccess: (device) => queryClient.setQueryData(deviceKeys.detail(id), device),
  });
}
