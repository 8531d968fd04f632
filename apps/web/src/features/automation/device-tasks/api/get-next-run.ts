import { useQuery } from '@tanstack/react-query';
import type { TaskRun } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { deviceTasksKeys, TASK_RUNS_PATH } from './keys';

/**
 * The run a series has scheduled next, or null once the series has ended. Read again as the run
 * shown moves on (its status is in the key): a repeating run schedules the next one as it starts.
 */
export function useNextRun(run: Pick<TaskRun, 'status'>, seriesId: number, enabled: boolean) {
  return useQuery({
    queryKey: deviceTasksKeys.nextRun(seriesId, run.status),
    queryFn: async ({ signal }) => {
      const response = await api.get<TaskRun[]>(TASK_RUNS_PATH, {
        query: { series_id: seriesId, status: 'scheduled', limit: 1 },
        signal,
      });
      return response.data[0] ?? null;
    },
    enabled,
  });
}
