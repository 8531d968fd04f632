import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type PendingUpdate, UPDATE_JOB_TYPES } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { deviceKeys, DEVICES_PATH } from './keys';

// No live event reaches this page when a firmware job moves on (its progress goes to the status
// channel of whoever started it), so an open update is looked at again until it ends.
const OPEN_UPDATE_REFRESH_MS = 30_000;

/** The device's firmware update that has not finished yet, or null. */
export function usePendingUpdate(id: number) {
  return useQuery({
    queryKey: deviceKeys.pendingUpdate(id),
    queryFn: async ({ signal }): Promise<PendingUpdate | null> => {
      const { data } = await api.get<PendingUpdate[]>(`${DEVICES_PATH}/updates/pending`, {
        query: { device_id: id, job_type: UPDATE_JOB_TYPES.update_firmware, limit: 1 },
        signal,
      });
      return data[0] ?? null;
    },
    refetchInterval: (query) => (query.state.data ? OPEN_UPDATE_REFRESH_MS : false),
  });
}

/** POST /devices/updates/cancel for this device: only an update not started yet can go. */
export function useCancelUpdate(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<unknown>(`${DEVICES_PATH}/updates/cancel`, {
        body: { data: [{ id }] },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceKeys.pendingUpdate(id) }),
  });
}
