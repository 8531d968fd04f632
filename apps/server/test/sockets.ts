import {
  type ClientToServerEvents,
  type ServerToClientEvents,
  SOCKET_PATHS,
  type SubscriptionAck,
} from '@netfleet/contracts';
import { io, type Socket } from 'socket.io-client';
import type { App } from '@/app';
import type { WebhookEvents } from '@/modules/system/webhooks/webhook-events';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type EventName = keyof ServerToClientEvents;
type Payload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

/** Listens on a free loopback port; app.close() stops it. Returns the base URL. */
export const listen = async (app: App): Promise<string> => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening on TCP');
  return `http://127.0.0.1:${address.port}`;
};

/**
 * A connected browser-like socket (polling first, then the websocket upgrade) with a session
 * cookie, a personal access token, or nothing. Rejects with the server's connect_error.
 */
export const connectSocket = (
  baseUrl: string,
  credentials: { cookie?: string; token?: string; origin?: string } = {},
): Promise<ClientSocket> => {
  const headers = {
    ...(credentials.cookie ? { cookie: credentials.cookie } : {}),
    ...(credentials.origin ? { origin: credentials.origin } : {}),
  };
  const socket: ClientSocket = io(baseUrl, {
    path: SOCKET_PATHS.status,
    reconnection: false,
    forceNew: true,
    extraHeaders: headers,
    ...(credentials.token ? { auth: { token: credentials.token } } : {}),
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
};

export const subscribe = (socket: ClientSocket, channel: string): Promise<SubscriptionAck> =>
  socket.timeout(5000).emitWithAck('subscribe', { channel });

/** Everything of one event the socket receives from now on, in order. */
export const collect = <E extends EventName>(socket: ClientSocket, event: E) => {
  const received: Payload<E>[] = [];
  const waiters: (() => void)[] = [];
  const listener = (payload: Payload<E>) => {
    received.push(payload);
    for (const wake of waiters.splice(0)) wake();
  };
  socket.on(event, listener as never);
  return {
    received,
    /** Resolves once `count` events have arrived (5 s at most). */
    async until(count: number): Promise<Payload<E>[]> {
      const deadline = Date.now() + 5000;
      while (received.length < count) {
        if (Date.now() > deadline)
          throw new Error(`expected ${count} ${event}, got ${received.length}`);
        await new Promise<void>((wake) => {
          waiters.push(wake);
          setTimeout(wake, 100);
        });
      }
      return received;
    },
  };
};

/** Stands in for the webhooks module and remembers what it was handed. */
export const recordingWebhooks = () => {
  const calls: { owner: number; event: string; payload: unknown }[] = [];
  const webhooks: WebhookEvents = {
    async enqueue(owner, event, payload) {
      calls.push({ owner, event, payload });
    },
    async enqueueMany(owner, event, payloads) {
      for (const payload of payloads) calls.push({ owner, event, payload });
    },
  };
  return { calls, webhooks };
};
