import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { deviceTasksKeys, TASK_GROUPS_PATH } from './keys';

export function useDeleteTaskGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`${TASK_GROUPS_PATH}/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceTasksKeys.all }),
  });
}
