import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { DEVICE_CREDIT_PATH, deviceKeys } from './keys';

/**
 * PUT /devices/credit for one device's auto-extend. The answer's status channel only repeats the
 * outcome, so no 'Action status' dialog opens; the device is read again.
 */
export function useSetAutoExtend(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) =>
      api.put<unknown>(DEVICE_CREDIT_PATH, {
        body: { device_id: id, auto_extend_credit: on ? 1 : 0 },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.detail(id) }),
  });
}
