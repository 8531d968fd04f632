import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dataCollectionKeys, unassignPath } from './keys';

/** The devices stop collecting the config (a `collect_config` job each; meta names the channel). */
export function useUnassignDevices(configId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deviceIds: readonly number[]) =>
      api.put<unknown>(unassignPath(configId), { body: { device_id: deviceIds } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataCollectionKeys.all }),
  });
}
