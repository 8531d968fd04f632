import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TASK_RETRIES_MAX, TASK_STEPS_MAX, type TaskLog } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { LIVE_REFRESH_MS } from '../model/states';
import { deviceTasksKeys, TASK_LOGS_PATH } from './keys';

// Each attempt of each step is one entry: one device's run never has more, so one page holds it.
const DEVICE_RUN_MAX_LOGS = TASK_STEPS_MAX * (TASK_RETRIES_MAX + 1);

/**
 * The step entries of one device's run; `live` reads them again every 2 s. `live` is in the key:
 * when it ends, the entries are read once more as they stand then.
 */
export function useTaskLogs(groupLogId: number, live: boolean) {
  return useQuery({
    queryKey: [...deviceTasksKeys.taskLogs(groupLogId), live],
    queryFn: async ({ signal }) =>
      (
        await api.get<TaskLog[]>(TASK_LOGS_PATH, {
          query: { group_log_id: groupLogId, limit: DEVICE_RUN_MAX_LOGS, sort: 'order,attempt' },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    refetchInterval: live ? LIVE_REFRESH_MS : false,
  });
}
