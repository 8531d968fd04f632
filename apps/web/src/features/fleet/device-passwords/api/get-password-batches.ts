import { useQuery } from '@tanstack/react-query';
import type { PasswordBatch } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { BATCHES_PATH, devicePasswordsKeys } from './keys';

/** How often the list is read again while devices of a batch have not answered yet. */
const LIVE_REFRESH_MS = 5000;

const unfinished = (batch: PasswordBatch) => batch.completed + batch.failed < batch.total;

/** The newest batches (the server's order), followed while one of them is still under way. */
export function usePasswordBatches(limit: number) {
  return useQuery({
    queryKey: devicePasswordsKeys.batches(limit),
    queryFn: async ({ signal }) =>
      (await api.get<PasswordBatch[]>(BATCHES_PATH, { query: { limit, offset: 0 }, signal })).data,
    refetchInterval: (query) => (query.state.data?.some(unfinished) ? LIVE_REFRESH_MS : false),
  });
}
