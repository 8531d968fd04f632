import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CONFIGS_PATH, dataCollectionKeys } from './keys';

/** Devices the config is assigned to stop collecting it. */
export function useDeleteConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`${CONFIGS_PATH}/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dataCollectionKeys.all }),
  });
}
