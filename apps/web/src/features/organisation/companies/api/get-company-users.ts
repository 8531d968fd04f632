import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { User } from '@netfleet/contracts';
import { toApiQuery, toListPage, type ListPage, type TableQuery } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { companiesKeys } from './keys';

export async function getCompanyUsers(
  companyId: number,
  query: TableQuery,
  signal?: AbortSignal,
): Promise<ListPage<User>> {
  const response = await api.get<User[]>('/users', {
    query: { ...toApiQuery(query), company_id: companyId },
    signal,
  });
  return toListPage(response);
}

export function useCompanyUsers(companyId: number, query: TableQuery) {
  return useQuery({
    queryKey: companiesKeys.users(companyId, query),
    queryFn: ({ signal }) => getCompanyUsers(companyId, query, signal),
    placeholderData: keepPreviousData,
  });
}
