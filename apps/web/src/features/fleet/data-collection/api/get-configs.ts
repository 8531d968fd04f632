import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DataCollectConfig } from '@netfleet/contracts';
import { toApiQuery, toListPage, type ListPage, type TableQuery } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { CONFIGS_PATH, dataCollectionKeys } from './keys';

export async function getConfigs(
  query: TableQuery,
  signal?: AbortSignal,
): Promise<ListPage<DataCollectConfig>> {
  const response = await api.get<DataCollectConfig[]>(CONFIGS_PATH, {
    query: toApiQuery(query),
    signal,
  });
  return toListPage(response);
}

export function useConfigs(query: TableQuery) {
  return useQuery({
    queryKey: dataCollectionKeys.list(query),
    queryFn: ({ signal }) => getConfigs(query, signal),
    placeholderData: keepPreviousData,
  });
}
