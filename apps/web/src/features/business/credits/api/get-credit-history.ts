import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CreditHistoryEntry, CreditMove } from '@netfleet/contracts';
import { toApiQuery, toListPage, type ListPage, type TableQuery } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { CREDIT_HISTORY_PATH, CREDIT_MOVES_PATH, creditsKeys } from './keys';

export async function getCreditHistory(
  query: TableQuery,
  signal?: AbortSignal,
): Promise<ListPage<CreditHistoryEntry>> {
  const response = await api.get<CreditHistoryEntry[]>(CREDIT_HISTORY_PATH, {
    query: toApiQuery(query),
    signal,
  });
  return toListPage(response);
}

export async function getCreditMoves(
  query: TableQuery,
  signal?: AbortSignal,
): Promise<ListPage<CreditMove>> {
  const response = await api.get<CreditMove[]>(CREDIT_MOVES_PATH, {
    query: toApiQuery(query),
    signal,
  });
  return toListPage(response);
}

/** The ledger: every change of a company's balance, signed, with the balance after it. */
export function useCreditHistory(query: TableQuery) {
  return useQuery({
    queryKey: creditsKeys.history(query),
    queryFn: ({ signal }) => getCreditHistory(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCreditMoves(query: TableQuery) {
  return useQuery({
    queryKey: creditsKeys.moves(query),
    queryFn: ({ signal }) => getCreditMoves(query, signal),
    placeholderData: keepPreviousData,
  });
}
