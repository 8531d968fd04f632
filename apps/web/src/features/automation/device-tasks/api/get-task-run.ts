import { useQuery } from '@tanstack/react-query';
import type { TaskRun } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { isRunFinished, LIVE_REFRESH_MS } from '../model/states';
import { deviceTasksKeys, TASK_RUNS_PATH } from './keys';

/** One run with its live counts; read again every 2 s until it has finished. */
export function useTaskRun(id: number) {
  return useQuery({
    queryKey: deviceTasksKeys.run(id),
    queryFn: async ({ signal }) =>
      (await api.get<TaskRun>(`${TASK_RUNS_PATH}/${id}`, { signal })).data,
    refetchInterval: (current) => {
      const run = current.state.data;
      return run && isRunFinished(run.status) ? false : LIVE_REFRESH_MS;
    },
  });
}
