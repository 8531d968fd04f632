import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Invitation } from '@netfleet/contracts';
import { toApiQuery, toListPage, type ListPage, type TableQuery } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { usersKeys } from './keys';

export async function getInvitations(
  query: TableQuery,
  signal?: AbortSignal,
): Promise<ListPage<Invitation>> {
  const response = await api.get<Invitation[]>('/users/invitations', {
    query: toApiQuery(query),
    signal,
  });
  return toListPage(response);
}

export function useInvitations(query: TableQuery) {
  return useQuery({
    queryKey: usersKeys.invitations(query),
    queryFn: ({ signal }) => getInvitations(query, signal),
    placeholderData: keepPreviousData,
  });
}
