import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTaskGroupBody, UpdateTaskGroupBody } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { deviceTasksKeys, TASK_GROUPS_PATH } from './keys';

export function useCreateTaskGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateTaskGroupBody) =>
      (await api.post<{ id: number }>(TASK_GROUPS_PATH, { body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceTasksKeys.all }),
  });
}

export function useUpdateTaskGroup(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateTaskGroupBody) =>
      api.put<unknown>(`${TASK_GROUPS_PATH}/${id}`, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceTasksKeys.all }),
  });
}
