import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CreditCode } from '@netfleet/contracts';
import { toApiQuery, toListPage, type ListPage, type TableQuery } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { CREDIT_CODES_PATH, creditsKeys } from './keys';

export async function getCreditCodes(
  query: TableQuery,
  signal?: AbortSignal,
): Promise<ListPage<CreditCode>> {
  const response = await api.get<CreditCode[]>(CREDIT_CODES_PATH, {
    query: toApiQuery(query),
    signal,
  });
  return toListPage(response);
}

/** One code by id: the API has no GET /credits/codes/{id}, so the list is narrowed to it. */
export async function getCreditCode(id: string, signal?: AbortSignal): Promise<CreditCode | null> {
  const response = await api.get<CreditCode[]>(CREDIT_CODES_PATH, {
    query: { id, limit: 1 },
    signal,
  });
  return response.data[0] ?? null;
}

export function useCreditCodes(query: TableQuery) {
  return useQuery({
    queryKey: creditsKeys.codes(query),
    queryFn: ({ signal }) => getCreditCodes(query, signal),
    placeholderData: keepPreviousData,
  });
}
