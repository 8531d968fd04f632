import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ImpersonationLog } from '@netfleet/contracts';
import { toApiQuery, toListPage, type ListPage, type TableQuery } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { usersKeys } from './keys';

export async function getImpersonationLogs(
  query: TableQuery,
  signal?: AbortSignal,
): Promise<ListPage<ImpersonationLog>> {
  const response = await api.get<ImpersonationLog[]>('/users/impersonation-logs', {
    query: toApiQuery(query),
    signal,
  });
  return toListPage(response);
}

export function useImpersonationLogs(query: TableQuery) {
  return useQuery({
    queryKey: usersKeys.impersonationLogs(query),
    queryFn: ({ signal }) => getImpersonationLogs(query, signal),
    placeholderData: keepPreviousData,
  });
}
