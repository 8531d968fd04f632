// Test-only stand-in for the socket.io client socket: records what the app emits, answers
// subscriptions (success unless told otherwise) and lets the test play the server's events.
import { act } from '@testing-library/react';
import type { ServerToClientEvents, SubscriptionAck } from '@netfleet/contracts';
import type { RealtimeSocket } from '@/lib/realtime';

type Listener = (...args: unknown[]) => void;
type Ack = (answer: SubscriptionAck) => void;

export interface Emitted {
  event: string;
  channel: string;
}

export class FakeSocket {
  connected = false;
  /** socket.io keeps this true while it reconnects on its own; false after a refused handshake. */
  active = true;
  disconnected = false;
  readonly emitted: Emitted[] = [];
  /** The answer to each subscribe; undefined leaves the ack pending in `pendingAcks`. */
  answer: (channel: string) => SubscriptionAck | undefined = () => ({ success: true });
  readonly pendingAcks: { channel: string; ack: Ack }[] = [];
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor({ connected = true } = {}) {
    this.connected = connected;
  }

  on(event: string, listener: Listener): this {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener);
    this.listeners.set(event, set);
    return this;
  }

  off(event: string, listener: Listener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  emit(event: string, payload: { channel: string }, ack?: Ack): this {
    this.emitted.push({ event, channel: payload.channel });
    if (!ack) return this;
    const answer = event === 'subscribe' ? this.answer(payload.channel) : { success: true };
    if (answer) queueMicrotask(() => ack(answer));
    else this.pendingAcks.push({ channel: payload.channel, ack });
    return this;
  }

  connect(): this {
    this.connected = true;
    this.active = true;
    this.fire('connect');
    return this;
  }

  disconnect(): this {
    this.disconnected = true;
    this.connected = false;
    this.active = false;
    return this;
  }

  /** The connection dropped (socket.io will reconnect). */
  drop(): void {
    this.connected = false;
    this.fire('disconnect', 'transport close');
  }

  /** Plays a server event, inside act() so React state updates settle. */
  serverEmit<E extends keyof ServerToClientEvents>(
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void {
    act(() => this.fire(event, ...args));
  }

  fire(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }

  listenerCount(event: string): number {
    return this.listeners.get(event)?.size ?? 0;
  }

  subscribes(channel?: string): Emitted[] {
    return this.emitted.filter(
      (item) => item.event === 'subscribe' && (channel === undefined || item.channel === channel),
    );
  }

  unsubscribes(channel?: string): Emitted[] {
    return this.emitted.filter(
      (item) => item.event === 'unsubscribe' && (channel === undefined || item.channel === channel),
    );
  }

  asSocket(): RealtimeSocket {
    return this as unknown as RealtimeSocket;
  }
}
