// One socket.io connection per signed-in session (spec §7 Realtime). Components subscribe to
// channels through it; a channel is joined once however many components listen to it, left when
// the last one goes, joined again after every reconnect, and closed when the server refuses or
// revokes it.
import type { Socket } from 'socket.io-client';
import {
  SOCKET_RECONNECT,
  socketReconnectDelay,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SubscriptionAck,
} from '@netfleet/contracts';
import { LIB_TEXTS } from '@/lib/texts';

export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

type EventName = keyof ServerToClientEvents;
type Payload<E extends EventName> = Parameters<ServerToClientEvents[E]>;

type ChannelPayloadEventName = {
  [E in EventName]: Payload<E> extends [{ channel: string }] ? E : never;
}[EventName];
/** Events published on a channel, for its listeners (ChannelRevoked is about the channel). */
export type ChannelEventName = Exclude<ChannelPayloadEventName, 'ChannelRevoked'>;
/** Events sent to everyone, without a channel (NoticesChanged). */
export type BroadcastEventName = Exclude<EventName, ChannelPayloadEventName>;

/** What listeners of a revoked channel hear: as if the server had refused to subscribe. */
const REVOKED_ACK: SubscriptionAck = {
  success: false,
  status: 403,
  message: LIB_TEXTS.channelRevoked,
};

// A Record so a new channel event in the contracts fails to compile until it is forwarded here.
const CHANNEL_EVENTS: Record<ChannelEventName, true> = {
  WebNotificationCreated: true,
  StatusUpdated: true,
  DevicesChanged: true,
};

export type ChannelHandlers = { [E in ChannelEventName]?: ServerToClientEvents[E] } & {
  /**
   * The server refused the subscription, or revoked it later; on 403 (someone else's channel, or
   * no longer one's own) it is then closed.
   */
  onError?: (ack: SubscriptionAck) => void;
  /** Subscribed, also again after a reconnect: state may have changed while not listening. */
  onSubscribed?: () => void;
};

export interface RealtimeLogger {
  warn: (...args: unknown[]) => void;
  error: (...args: unknown[]) => void;
}

export interface RealtimeClientOptions {
  /**
   * The server refused the handshake (an expired session); socket.io does not retry those, so
   * the client calls this (the app refreshes the session) and connects again, a few times.
   */
  onRefused?: () => Promise<unknown>;
  logger?: RealtimeLogger;
}

interface ChannelEntry {
  listeners: Set<ChannelHandlers>;
  subscribed: boolean;
}

export class RealtimeClient {
  private readonly channels = new Map<string, ChannelEntry>();
  private readonly logger: RealtimeLogger;
  private refusals = 0;
  private closed = false;
  private readonly detach: (() => void)[] = [];

  constructor(
    private readonly socket: RealtimeSocket,
    private readonly options: RealtimeClientOptions = {},
  ) {
    this.logger = options.logger ?? console;
    socket.on('connect', this.onConnect);
    socket.on('disconnect', this.onDisconnect);
    socket.on('connect_error', this.onConnectError);
    socket.on('ChannelRevoked', this.onRevoked);
    this.detach.push(() => {
      socket.off('connect', this.onConnect);
      socket.off('disconnect', this.onDisconnect);
      socket.off('connect_error', this.onConnectError);
      socket.off('ChannelRevoked', this.onRevoked);
    });
    for (const event of Object.keys(CHANNEL_EVENTS) as ChannelEventName[]) this.forward(event);
  }

  /** Listens to a channel; the returned function stops listening. */
  subscribe(channel: string, handlers: ChannelHandlers): () => void {
    let entry = this.channels.get(channel);
    if (entry) {
      entry.listeners.add(handlers);
      if (entry.subscribed) handlers.onSubscribed?.();
    } else {
      entry = { listeners: new Set([handlers]), subscribed: false };
      this.channels.set(channel, entry);
      this.join(channel, entry);
    }
    const joined = entry;
    return () => {
      if (this.channels.get(channel) !== joined) return;
      joined.listeners.delete(handlers);
      if (joined.listeners.size > 0) return;
      this.channels.delete(channel);
      if (!this.socket.connected) return;
      this.socket.emit('unsubscribe', { channel }, (ack) => {
        if (!ack.success) this.logger.error(`Failed to unsubscribe from ${channel}`, ack);
      });
    };
  }

  /** Listens to an event sent to everyone; the returned function stops listening. */
  onBroadcast<E extends BroadcastEventName>(
    event: E,
    handler: ServerToClientEvents[E],
  ): () => void {
    // socket.io's overloads cannot narrow a generic event name; E ties event and handler instead.
    const socket = this.socket as unknown as Socket<Record<E, ServerToClientEvents[E]>>;
    socket.on(event as never, handler as never);
    return () => {
      socket.off(event as never, handler as never);
    };
  }

  /** Channels currently listened to (tests and debugging). */
  channelNames(): string[] {
    return [...this.channels.keys()];
  }

  /** Leaves every joined channel (spec §7: unsubscribe, e.g. the user's at logout), then closes. */
  disconnect(): void {
    this.closed = true;
    // Connected, every channel listened to has been joined; no answer is awaited.
    if (this.socket.connected) {
      for (const channel of this.channels.keys()) this.socket.emit('unsubscribe', { channel });
    }
    this.channels.clear();
    for (const detach of this.detach.splice(0)) detach();
    this.socket.disconnect();
  }

  private forward<E extends ChannelEventName>(event: E): void {
    const listener = (payload: Payload<E>[0]) => {
      for (const handlers of this.channels.get(payload.channel)?.listeners ?? []) {
        (handlers[event] as ((value: Payload<E>[0]) => void) | undefined)?.(payload);
      }
    };
    const socket = this.socket as unknown as Socket<Record<E, typeof listener>>;
    socket.on(event as never, listener as never);
    this.detach.push(() => socket.off(event as never, listener as never));
  }

  private join(channel: string, entry: ChannelEntry): void {
    // While disconnected socket.io would buffer the emit; 'connect' joins every channel instead.
    if (!this.socket.connected) return;
    this.socket.emit('subscribe', { channel }, (ack) => this.onAck(channel, entry, ack));
  }

  private onAck(channel: string, entry: ChannelEntry, ack: SubscriptionAck): void {
    // Left (or closed and reopened) before the answer came.
    if (this.channels.get(channel) !== entry) return;
    if (ack.success) {
      entry.subscribed = true;
      for (const handlers of [...entry.listeners]) handlers.onSubscribed?.();
      return;
    }
    this.logger.error(`Failed to subscribe to ${channel}`, ack);
    if (ack.status === 403) this.close(channel, entry, ack);
  }

  private close(channel: string, entry: ChannelEntry, ack: SubscriptionAck): void {
    this.channels.delete(channel);
    for (const handlers of entry.listeners) handlers.onError?.(ack);
  }

  // The server already took the socket out (a role or company change): not joined again.
  private readonly onRevoked = ({ channel }: { channel: string }) => {
    const entry = this.channels.get(channel);
    if (!entry) return;
    this.logger.warn(`No longer subscribed to ${channel}`);
    this.close(channel, entry, REVOKED_ACK);
  };

  private readonly onConnect = () => {
    this.refusals = 0;
    for (const [channel, entry] of this.channels) this.join(channel, entry);
  };

  private readonly onDisconnect = () => {
    for (const entry of this.channels.values()) entry.subscribed = false;
  };

  private readonly onConnectError = (error: Error) => {
    this.logger.warn('Realtime connection failed:', error.message);
    const { onRefused } = this.options;
    // `active` stays true while socket.io retries on its own (network errors, timeouts).
    if (this.socket.active || !onRefused || this.refusals >= SOCKET_RECONNECT.attempts) return;
    this.refusals += 1;
    const delay = socketReconnectDelay(this.refusals);
    void onRefused().then(
      () =>
        setTimeout(() => {
          if (!this.closed) this.socket.connect();
        }, delay),
      () => undefined,
    );
  };
}
