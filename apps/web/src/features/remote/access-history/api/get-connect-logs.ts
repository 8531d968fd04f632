import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { toApiDate, type ConnectLog } from '@netfleet/contracts';
import { toApiQuery, toListPage, type ListPage, type TableQuery } from '@/components/data-table';
import type { RangeQuery } from '@/components/date-range';
import { api } from '@/lib/api-client';
import { accessHistoryKeys, CONNECT_LOGS_PATH } from './keys';

/** RMS takes the range as UTC `YYYY-MM-DD HH:mm:ss`; the range picker gives ISO instants. */
const apiDate = (iso: string) => toApiDate(new Date(iso));

/** GET /devices/connect/logs: one page of sessions that started in the range. */
export async function getConnectLogs(
  query: TableQuery,
  range: RangeQuery,
  signal?: AbortSignal,
): Promise<ListPage<ConnectLog>> {
  const response = await api.get<ConnectLog[]>(CONNECT_LOGS_PATH, {
    query: {
      ...toApiQuery(query),
      start_date: apiDate(range.start_date),
      end_date: apiDate(range.end_date),
    },
    signal,
  });
  return toListPage(response);
}

export function useConnectLogs(query: TableQuery, range: RangeQuery) {
  return useQuery({
    queryKey: accessHistoryKeys.list(query, range),
    queryFn: ({ signal }) => getConnectLogs(query, range, signal),
    placeholderData: keepPreviousData,
  });
}
