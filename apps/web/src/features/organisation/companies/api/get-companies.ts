import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Company } from '@netfleet/contracts';
import { toApiQuery, toListPage, type ListPage, type TableQuery } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { COMPANIES_PATH, companiesKeys } from './keys';

export async function getCompanies(
  query: TableQuery,
  signal?: AbortSignal,
): Promise<ListPage<Company>> {
  const response = await api.get<Company[]>(COMPANIES_PATH, { query: toApiQuery(query), signal });
  return toListPage(response);
}

export function useCompanies(query: TableQuery) {
  return useQuery({
    queryKey: companiesKeys.list(query),
    queryFn: ({ signal }) => getCompanies(query, signal),
    placeholderData: keepPreviousData,
  });
}
