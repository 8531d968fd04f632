import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { statusChannelSchema, type StatusUpdate } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { useChannel } from '@/lib/realtime';
import { wirelessKeys } from './keys';

/** Without a live socket (or between its events) the channel is read this often. */
const POLL_MS = 2_000;

const finished = (update: StatusUpdate | undefined) =>
  update?.status === 'completed' || update?.status === 'error';

/**
 * Calls `onFinished` once the device `item` reports the end (completed or error) of the change
 * on `channel`: each live 'StatusUpdated' reads the channel again, and it is polled meanwhile,
 * so the end is seen even without a socket. The 'Action status' dialog shows the details.
 */
export function useChangeFinished(channel: string, item: string, onFinished: () => void): void {
  const query = useQuery({
    queryKey: wirelessKeys.statusChannel(channel),
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

  const done = finished(query.data?.[item]?.at(-1)) || query.isError;
  const latest = useRef(onFinished);
  useEffect(() => {
    latest.current = onFinished;
  });
  useEffect(() => {
    if (done) latest.current();
  }, [done]);
}
