import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MonitoringTemplate } from '@netfleet/contracts';
import { toApiQuery, toListPage, type ListPage, type TableQuery } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { TEMPLATES_PATH, templatesKeys } from './keys';

export async function getTemplates(
  query: TableQuery,
  signal?: AbortSignal,
): Promise<ListPage<MonitoringTemplate>> {
  const response = await api.get<MonitoringTemplate[]>(TEMPLATES_PATH, {
    query: toApiQuery(query),
    signal,
  });
  return toListPage(response);
}

export function useTemplates(query: TableQuery) {
  return useQuery({
    queryKey: templatesKeys.list(query),
    queryFn: ({ signal }) => getTemplates(query, signal),
    placeholderData: keepPreviousData,
  });
}
