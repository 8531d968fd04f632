import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ConfigTemplate } from '@netfleet/contracts';
import { toApiQuery, toListPage, type ListPage, type TableQuery } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { deviceConfigurationKeys, TEMPLATES_PATH } from './keys';

export async function getTemplates(
  query: TableQuery,
  signal?: AbortSignal,
): Promise<ListPage<ConfigTemplate>> {
  const response = await api.get<ConfigTemplate[]>(TEMPLATES_PATH, {
    query: toApiQuery(query),
    signal,
  });
  return toListPage(response);
}

/** Templates matching a search, for a picker (spec §7: pickers list 100). */
export function useTemplateSearch(search: string) {
  return useQuery({
    queryKey: deviceConfigurationKeys.templateSearch(search),
    queryFn: async ({ signal }) =>
      (
        await api.get<ConfigTemplate[]>(TEMPLATES_PATH, {
          query: { limit: 100, q: search || undefined, sort: 'name' },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** One page of templates. */
export function useTemplates(query: TableQuery) {
  return useQuery({
    queryKey: deviceConfigurationKeys.templateList(query),
    queryFn: ({ signal }) => getTemplates(query, signal),
    placeholderData: keepPreviousData,
  });
}
