import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { WirelessInterface } from '@netfleet/contracts';
import { toApiQuery, toListPage, type ListPage, type TableQuery } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { WIRELESS_PATH, wirelessKeys } from './keys';

export async function getWireless(
  query: TableQuery,
  signal?: AbortSignal,
): Promise<ListPage<WirelessInterface>> {
  const response = await api.get<WirelessInterface[]>(WIRELESS_PATH, {
    query: toApiQuery(query),
    signal,
  });
  return toListPage(response);
}

export function useWireless(query: TableQuery) {
  return useQuery({
    queryKey: wirelessKeys.interfaces(query),
    queryFn: ({ signal }) => getWireless(query, signal),
    placeholderData: keepPreviousData,
  });
}
