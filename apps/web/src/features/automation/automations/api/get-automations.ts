import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Automation } from '@netfleet/contracts';
import { toApiQuery, toListPage, type ListPage, type TableQuery } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { AUTOMATIONS_PATH, automationsKeys } from './keys';

export async function getAutomations(
  query: TableQuery,
  signal?: AbortSignal,
): Promise<ListPage<Automation>> {
  const response = await api.get<Automation[]>(AUTOMATIONS_PATH, {
    query: toApiQuery(query),
    signal,
  });
  return toListPage(response);
}

/** One page of the rules of the companies the user can see. */
export function useAutomations(query: TableQuery) {
  return useQuery({
    queryKey: automationsKeys.list(query),
    queryFn: ({ signal }) => getAutomations(query, signal),
    placeholderData: keepPreviousData,
  });
}
