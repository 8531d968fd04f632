import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Tag } from '@netfleet/contracts';
import { toApiQuery, toListPage, type ListPage, type TableQuery } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { TAGS_PATH, tagsKeys } from './keys';

export async function getTags(
  query: TableQuery,
  companyId?: number,
  signal?: AbortSignal,
): Promise<ListPage<Tag>> {
  const apiQuery = toApiQuery(query);
  // A company's own list; the tags page's company filter is already among the query's filters.
  if (companyId !== undefined) apiQuery.company_id = companyId;
  const response = await api.get<Tag[]>(TAGS_PATH, { query: apiQuery, signal });
  return toListPage(response);
}

export function useTags(query: TableQuery, companyId?: number) {
  return useQuery({
    queryKey: tagsKeys.list(query, companyId),
    queryFn: ({ signal }) => getTags(query, companyId, signal),
    placeholderData: keepPreviousData,
  });
}
