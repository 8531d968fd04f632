import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CreditPool } from '@netfleet/contracts';
import { toApiQuery, toListPage, type ListPage, type TableQuery } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { CREDITS_PATH, creditsKeys } from './keys';

export async function getCreditPools(
  query: TableQuery,
  signal?: AbortSignal,
): Promise<ListPage<CreditPool>> {
  const response = await api.get<CreditPool[]>(CREDITS_PATH, { query: toApiQuery(query), signal });
  return toListPage(response);
}

export function useCreditPools(query: TableQuery) {
  return useQuery({
    queryKey: creditsKeys.pools(query),
    queryFn: ({ signal }) => getCreditPools(query, signal),
    placeholderData: keepPreviousData,
  });
}
