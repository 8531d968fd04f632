import { useQuery } from '@tanstack/react-query';
import { statusChannelSchema, type StatusUpdate } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { useChannel } from '@/lib/realtime';
import { reportsKeys } from './keys';

/** Without a live socket (or between its events) the channel is read this often. */
const POLL_MS = 2_000;

const finished = (update: StatusUpdate | undefined) =>
  update?.status === 'completed' || update?.status === 'error';

/**
 * A generation's updates on its status channel (the template's id is the channel's item): read
 * (GET /status/channel/{id}) again on every live 'StatusUpdated' and polled until it completed or
 * failed, so the end is seen even without a socket. Newest last.
 */
export function useGenerationStatus(channel: string, templateId: number) {
  const item = String(templateId);
  const query = useQuery({
    queryKey: reportsKeys.status(channel),
    queryFn: async ({ signal }) => {
      const response = await api.get<unknown>(`/status/channel/${encodeURIComponent(channel)}`, {
        signal,
      });
      return statusChannelSchema.parse(response.data);
    },
    refetchInterval: (current) => (finished(current.state.data?.[item]?.at(-1)) ? false : POLL_MS),
    // The channel exists before the answer naming it, but a replica may lag for a moment.
    retry: 3,
    retryDelay: 500,
  });
  const { refetch } = query;
  useChannel(channel, { StatusUpdated: () => void refetch() });
  const updates: StatusUpdate[] = query.data?.[item] ?? [];
  return { updates, latest: updates.at(-1), error: query.error };
}
