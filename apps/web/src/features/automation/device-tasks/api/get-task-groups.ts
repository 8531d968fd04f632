import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TaskGroup } from '@netfleet/contracts';
import { toApiQuery, toListPage, type ListPage, type TableQuery } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { isRunActive, LIVE_REFRESH_MS } from '../model/states';
import { deviceTasksKeys, TASK_GROUPS_PATH } from './keys';

export async function getTaskGroups(
  query: TableQuery,
  signal?: AbortSignal,
): Promise<ListPage<TaskGroup>> {
  const response = await api.get<TaskGroup[]>(TASK_GROUPS_PATH, {
    query: toApiQuery(query),
    signal,
  });
  return toListPage(response);
}

const anyRunActive = (page: ListPage<TaskGroup> | undefined) =>
  page?.rows.some((group) => group.last_run !== null && isRunActive(group.last_run.status)) ??
  false;

/** One page of groups; read again every 2 s while a listed group's last run is moving. */
export function useTaskGroups(query: TableQuery) {
  return useQuery({
    queryKey: deviceTasksKeys.groupList(query),
    queryFn: ({ signal }) => getTaskGroups(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (current) => (anyRunActive(current.state.data) ? LIVE_REFRESH_MS : false),
  });
}
