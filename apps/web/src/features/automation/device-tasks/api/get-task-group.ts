import { useQuery } from '@tanstack/react-query';
import type { TaskGroupDetail } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { deviceTasksKeys, TASK_GROUPS_PATH } from './keys';

/** A group with its steps. */
export function useTaskGroup(id: number) {
  return useQuery({
    queryKey: deviceTasksKeys.group(id),
    queryFn: async ({ signal }) =>
      (await api.get<TaskGroupDetail>(`${TASK_GROUPS_PATH}/${id}`, { signal })).data,
  });
}
