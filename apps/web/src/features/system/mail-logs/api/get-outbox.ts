import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OutboxMail } from '@netfleet/contracts';
import { toApiQuery, toListPage, type ListPage, type TableQuery } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { mailLogsKeys } from './keys';

/** GET /mail-logs/outbox (super_admin): unsent mail in full. */
export async function getOutbox(
  query: TableQuery,
  signal?: AbortSignal,
): Promise<ListPage<OutboxMail>> {
  const response = await api.get<OutboxMail[]>('/mail-logs/outbox', {
    query: toApiQuery(query),
    signal,
  });
  return toListPage(response);
}

export function useOutbox(query: TableQuery) {
  return useQuery({
    queryKey: mailLogsKeys.outbox(query),
    queryFn: ({ signal }) => getOutbox(query, signal),
    placeholderData: keepPreviousData,
  });
}
