import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PendingUpdate } from '@netfleet/contracts';
import type { ListPage, TableQuery } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { PENDING_REFRESH_MS } from '../model/pending';
import { deviceUpdatesKeys, UPDATES_PATH } from './keys';

/** One page of the pending jobs of one kind (1 firmware, 2 backup restore), paged by the server. */
async function getPendingUpdates(
  jobType: number,
  { limit, offset }: TableQuery,
  signal: AbortSignal,
): Promise<ListPage<PendingUpdate>> {
  const response = await api.get<PendingUpdate[]>(`${UPDATES_PATH}/pending`, {
    query: { job_type: jobType, limit, offset },
    signal,
  });
  return { rows: response.data, total: response.meta?.total ?? response.data.length };
}

/** The page, read again every 5 s while it lists jobs (no event says they moved). */
export function usePendingUpdates(jobType: number, query: TableQuery) {
  return useQuery({
    queryKey: deviceUpdatesKeys.pending(jobType, query),
    queryFn: ({ signal }) => getPendingUpdates(jobType, query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (current) =>
      (current.state.data?.rows.length ?? 0) > 0 ? PENDING_REFRESH_MS : false,
  });
}
