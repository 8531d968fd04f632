import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DataCollectConfigBody } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { CONFIGS_PATH, dataCollectionKeys } from './keys';

export function useCreateConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: DataCollectConfigBody) =>
      (await api.post<{ id: number }>(CONFIGS_PATH, { body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataCollectionKeys.all }),
  });
}

/** Devices collecting the config get its new version. */
export function useUpdateConfig(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DataCollectConfigBody) =>
      api.put<unknown>(`${CONFIGS_PATH}/${id}`, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataCollectionKeys.all }),
  });
}
