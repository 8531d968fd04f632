import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TaskRun } from '@netfleet/contracts';
import { toApiQuery, toListPage, type ListPage, type TableQuery } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { isRunActive, LIVE_REFRESH_MS } from '../model/states';
import { deviceTasksKeys, TASK_RUNS_PATH } from './keys';

export async function getTaskRuns(
  groupId: number,
  query: TableQuery,
  signal?: AbortSignal,
): Promise<ListPage<TaskRun>> {
  const response = await api.get<TaskRun[]>(TASK_RUNS_PATH, {
    query: { ...toApiQuery(query), group_id: groupId },
    signal,
  });
  return toListPage(response);
}

/** One page of a group's runs; read again every 2 s while a listed run is moving. */
export function useTaskRuns(groupId: number, query: TableQuery) {
  return useQuery({
    queryKey: deviceTasksKeys.runList(groupId, query),
    queryFn: ({ signal }) => getTaskRuns(groupId, query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (current) =>
      current.state.data?.rows.some((run) => isRunActive(run.status)) ? LIVE_REFRESH_MS : false,
  });
}
