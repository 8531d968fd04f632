import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MailLog } from '@netfleet/contracts';
import { toApiQuery, toListPage, type ListPage, type TableQuery } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { mailLogsKeys } from './keys';

export async function getMailLogs(
  query: TableQuery,
  signal?: AbortSignal,
): Promise<ListPage<MailLog>> {
  const response = await api.get<MailLog[]>('/mail-logs', { query: toApiQuery(query), signal });
  return toListPage(response);
}

export function useMailLogs(query: TableQuery) {
  return useQuery({
    queryKey: mailLogsKeys.list(query),
    queryFn: ({ signal }) => getMailLogs(query, signal),
    placeholderData: keepPreviousData,
  });
}
