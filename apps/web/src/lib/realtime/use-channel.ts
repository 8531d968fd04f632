import { useEffect, useRef } from 'react';
import type { ServerToClientEvents } from '@netfleet/contracts';
import type { BroadcastEventName, ChannelHandlers } from './realtime-client';
import { useRealtimeClient } from './realtime-provider';

/**
 * Listens to a realtime channel while mounted (spec §7). Handlers may change between renders
 * without resubscribing; a falsy channel listens to nothing. Outside the provider it is a no-op.
 */
export function useChannel(channel: string | null | undefined, handlers: ChannelHandlers): void {
  const client = useRealtimeClient();
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (!client || !channel) return undefined;
    return client.subscribe(channel, {
      WebNotificationCreated: (payload) => latest.current.WebNotificationCreated?.(payload),
      StatusUpdated: (payload) => latest.current.StatusUpdated?.(payload),
      DevicesChanged: (payload) => latest.current.DevicesChanged?.(payload),
      onError: (ack) => latest.current.onError?.(ack),
      onSubscribed: () => latest.current.onSubscribed?.(),
    });
  }, [client, channel]);
}

/** Listens to an event sent to everyone (NoticesChanged) while mounted. */
export function useRealtimeEvent<E extends BroadcastEventName>(
  event: E,
  handler: ServerToClientEvents[E],
): void {
  const client = useRealtimeClient();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });

  useEffect(() => {
    if (!client) return undefined;
    const forward = ((...args: Parameters<ServerToClientEvents[E]>) =>
      (latest.current as (...values: typeof args) => void)(...args)) as ServerToClientEvents[E];
    return client.onBroadcast(event, forward);
  }, [client, event]);
}
