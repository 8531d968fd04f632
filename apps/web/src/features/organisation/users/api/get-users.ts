import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { User } from '@netfleet/contracts';
import { toApiQuery, toListPage, type ListPage, type TableQuery } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { usersKeys } from './keys';

export async function getUsers(query: TableQuery, signal?: AbortSignal): Promise<ListPage<User>> {
  const response = await api.get<User[]>('/users', { query: toApiQuery(query), signal });
  return toListPage(response);
}

export function useUsers(query: TableQuery) {
  return useQuery({
    queryKey: usersKeys.list(query),
    queryFn: ({ signal }) => getUsers(query, signal),
    placeholderData: keepPreviousData,
  });
}
