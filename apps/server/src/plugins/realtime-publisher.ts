import type { ServerToClientEvents } from '@netfleet/contracts';

type EventName = keyof ServerToClientEvents;
type Payload<E extends EventName> = Parameters<ServerToClientEvents[E]>;

/**
 * What services use to push events to browsers. The socket.io plugin implements it (with the Redis
 * adapter when REDIS_URL is set, so an event published on one instance reaches sockets on all).
 */
export interface RealtimePublisher {
  /** To every socket of one user (their private channel `private-user.<id>`). */
  toUser<E extends EventName>(userId: number, event: E, ...payload: Payload<E>): void;
  /** To the sockets subscribed to a channel (status channels). */
  toChannel<E extends EventName>(channel: string, event: E, ...payload: Payload<E>): void;
  /** To every connected socket (global notices). */
  toAll<E extends EventName>(event: E, ...payload: Payload<E>): void;
}
