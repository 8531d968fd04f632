import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TaskGroupLog, TaskRunState } from '@netfleet/contracts';
import { toApiQuery, toListPage, type ListPage, type TableQuery } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { isRunFinished, LIVE_REFRESH_MS } from '../model/states';
import { deviceTasksKeys, GROUP_LOGS_PATH } from './keys';

export async function getGroupLogs(
  runId: number,
  query: TableQuery,
  signal?: AbortSignal,
): Promise<ListPage<TaskGroupLog>> {
  const response = await api.get<TaskGroupLog[]>(GROUP_LOGS_PATH, {
    query: { ...toApiQuery(query), run_id: runId },
    signal,
  });
  return toListPage(response);
}

/**
 * One page of the devices of a run, read again every 2 s until the run has finished. The run's
 * status is in the key: when it changes (the run finished, say) the devices are read once more,
 * as they stand then, rather than left as the last poll saw them.
 */
export function useGroupLogs(runId: number, query: TableQuery, runStatus: TaskRunState) {
  return useQuery({
    queryKey: [...deviceTasksKeys.groupLogs(runId, query), runStatus],
    queryFn: ({ signal }) => getGroupLogs(runId, query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: isRunFinished(runStatus) ? false : LIVE_REFRESH_MS,
  });
}
