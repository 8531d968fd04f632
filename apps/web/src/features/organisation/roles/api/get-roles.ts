import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Role } from '@netfleet/contracts';
import { toApiQuery, toListPage, type ListPage, type TableQuery } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { rolesKeys } from './keys';

export async function getRoles(query: TableQuery, signal?: AbortSignal): Promise<ListPage<Role>> {
  const response = await api.get<Role[]>('/roles', { query: toApiQuery(query), signal });
  return toListPage(response);
}

export function useRoles(query: TableQuery) {
  return useQuery({
    queryKey: rolesKeys.list(query),
    queryFn: ({ signal }) => getRoles(query, signal),
    placeholderData: keepPreviousData,
  });
}
