import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  ERROR_CODES,
  statusChannelSchema,
  type StatusChannelData,
  type StatusUpdate,
} from '@netfleet/contracts';
import { api, isApiError } from '@/lib/api-client';
import { useChannel } from '@/lib/realtime';

// The channel row is written before the answer that names it, but a replica or a slow commit can
// still answer CHANNEL_NOT_FOUND for a moment; after this it really is gone (expired).
const NOT_FOUND_RETRIES = 3;
const NOT_FOUND_RETRY_MS = 500;

export const statusChannelKey = (channel: string) => ['status-channel', channel] as const;

export async function getStatusChannel(
  channel: string,
  signal?: AbortSignal,
): Promise<StatusChannelData> {
  const { data } = await api.get<unknown>(`/status/channel/${encodeURIComponent(channel)}`, {
    signal,
  });
  return statusChannelSchema.parse(data);
}

export const isChannelNotFound = (error: unknown): boolean =>
  isApiError(error) && error.code === ERROR_CODES.CHANNEL_NOT_FOUND;

export interface StatusItem {
  item: string;
  /** Newest last. */
  updates: StatusUpdate[];
  latest: StatusUpdate | undefined;
}

/**
 * A status channel's items: the stored updates (GET /status/channel/{id}) followed live
 * ('StatusUpdated'). It is read again once subscribed, so nothing published in between is lost;
 * live updates always come after anything read, so an item's newest live update wins.
 */
export function useStatusChannel(channel: string) {
  const query = useQuery({
    queryKey: statusChannelKey(channel),
    queryFn: ({ signal }) => getStatusChannel(channel, signal),
    retry: (count, error) => isChannelNotFound(error) && count < NOT_FOUND_RETRIES,
    retryDelay: NOT_FOUND_RETRY_MS,
    staleTime: Infinity,
  });
  const [live, setLive] = useState<Record<string, StatusUpdate[]>>({});
  const { refetch } = query;

  useChannel(channel, {
    StatusUpdated: ({ item, update }) =>
      setLive((current) => ({ ...current, [item]: [...(current[item] ?? []), update] })),
    onSubscribed: () => void refetch(),
  });

  const items = useMemo(() => {
    const stored = query.data ?? {};
    const names = [...new Set([...Object.keys(stored), ...Object.keys(live)])];
    return names.map((item): StatusItem => {
      const updates = [...(stored[item] ?? []), ...(live[item] ?? [])];
      const latest = live[item]?.at(-1) ?? stored[item]?.at(-1);
      return { item, updates, latest };
    });
  }, [query.data, live]);

  return { items, query };
}
