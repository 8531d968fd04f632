import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FirmwareUpdateCancelBody } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { deviceUpdatesKeys, UPDATES_PATH } from './keys';

/** Drops jobs the devices have not started; answers the cancelled job ids, 207 the devices left. */
export function useCancelUpdates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FirmwareUpdateCancelBody) =>
      api.post<number[]>(`${UPDATES_PATH}/cancel`, { body }),
    // Also after a refusal: a job that has just started is no longer pending either.
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceUpdatesKeys.pendingAll() }),
  });
}
