import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Hotspot } from '@netfleet/contracts';
import { toApiQuery, toListPage, type ListPage, type TableQuery } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { HOTSPOTS_PATH, wirelessKeys } from './keys';

export async function getHotspots(
  query: TableQuery,
  signal?: AbortSignal,
): Promise<ListPage<Hotspot>> {
  const response = await api.get<Hotspot[]>(HOTSPOTS_PATH, { query: toApiQuery(query), signal });
  return toListPage(response);
}

export function useHotspots(query: TableQuery) {
  return useQuery({
    queryKey: wirelessKeys.hotspots(query),
    queryFn: ({ signal }) => getHotspots(query, signal),
    placeholderData: keepPreviousData,
  });
}
