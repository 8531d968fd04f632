import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { UserMoveLog } from '@netfleet/contracts';
import { toApiQuery, toListPage, type ListPage, type TableQuery } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { usersKeys } from './keys';

export async function getMoveLogs(
  query: TableQuery,
  signal?: AbortSignal,
): Promise<ListPage<UserMoveLog>> {
  const response = await api.get<UserMoveLog[]>('/users/move-logs', {
    query: toApiQuery(query),
    signal,
  });
  return toListPage(response);
}

export function useMoveLogs(query: TableQuery) {
  return useQuery({
    queryKey: usersKeys.moveLogs(query),
    queryFn: ({ signal }) => getMoveLogs(query, signal),
    placeholderData: keepPreviousData,
  });
}
