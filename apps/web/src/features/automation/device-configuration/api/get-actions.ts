import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ConfigAction } from '@netfleet/contracts';
import { toApiQuery, toListPage, type ListPage, type TableQuery } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { isActionRunning, LIVE_REFRESH_MS } from '../model/states';
import { ACTIONS_PATH, deviceConfigurationKeys } from './keys';

/** An action as a table row: its name is its id. */
export type ActionRow = ConfigAction & { id: string };

export async function getActions(
  query: TableQuery,
  signal?: AbortSignal,
): Promise<ListPage<ActionRow>> {
  const response = await api.get<ConfigAction[]>(ACTIONS_PATH, {
    query: toApiQuery(query),
    signal,
  });
  const page = toListPage(response);
  return { ...page, rows: page.rows.map((action) => ({ ...action, id: action.name })) };
}

/** One page of actions, newest first; read again every 2 s while a listed one is running. */
export function useActions(query: TableQuery) {
  return useQuery({
    queryKey: deviceConfigurationKeys.actionList(query),
    queryFn: ({ signal }) => getActions(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (current) =>
      current.state.data?.rows.some(isActionRunning) ? LIVE_REFRESH_MS : false,
  });
}
