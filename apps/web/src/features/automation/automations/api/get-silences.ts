import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Silence } from '@netfleet/contracts';
import { toListPage, type ListPage, type TableQuery } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { SILENCES_PATH, automationsKeys } from './keys';

/** GET /automations/silences: paged and sorted only (the endpoint takes no search or filters). */
export async function getSilences(
  query: TableQuery,
  signal?: AbortSignal,
): Promise<ListPage<Silence>> {
  const response = await api.get<Silence[]>(SILENCES_PATH, {
    query: { limit: query.limit, offset: query.offset, sort: query.sort },
    signal,
  });
  return toListPage(response);
}

/** One page of the silences of the companies the user can see. */
export function useSilences(query: TableQuery) {
  return useQuery({
    queryKey: automationsKeys.silenceList(query),
    queryFn: ({ signal }) => getSilences(query, signal),
    placeholderData: keepPreviousData,
  });
}
