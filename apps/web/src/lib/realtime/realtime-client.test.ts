import { Manager } from 'socket.io-client';
import { describe, expect, it, vi } from 'vitest';
import { SOCKET_RECONNECT, socketReconnectDelay, type Notification } from '@netfleet/contracts';
import { FakeSocket } from '@/test/fake-socket';
import { STATUS_SOCKET_OPTIONS } from './connect';
import { RealtimeClient, type RealtimeLogger } from './realtime-client';

const CHANNEL = 'private-user.7';
const notification: Notification = {
  id: 1,
  created_at: '2025-01-01T00:00:00Z',
  seen_at: null,
  summary: 'Hello',
  type: 'deviceAlert',
};

const silent = (): RealtimeLogger => ({ warn: vi.fn(), error: vi.fn() });
const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function setup(socket = new FakeSocket()) {
  const logger = silent();
  const client = new RealtimeClient(socket.asSocket(), { logger });
  return { socket, client, logger };
}

describe('RealtimeClient', () => {
  it('subscribes once for two listeners and unsubscribes after the last leaves', async () => {
    const { socket, client } = setup();
    const first = vi.fn();
    const second = vi.fn();
    const leaveFirst = client.subscribe(CHANNEL, { WebNotificationCreated: first });
    const leaveSecond = client.subscribe(CHANNEL, { WebNotificationCreated: second });
    await flush();
    expect(socket.subscribes()).toHaveLength(1);

    socket.fire('WebNotificationCreated', { channel: CHANNEL, notification });
    socket.fire('WebNotificationCreated', { channel: 'private-user.8', notification });
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledWith({ channel: CHANNEL, notification });

    leaveFirst();
    expect(socket.unsubscribes()).toHaveLength(0);
    leaveSecond();
    expect(socket.unsubscribes(CHANNEL)).toHaveLength(1);
    socket.fire('WebNotificationCreated', { channel: CHANNEL, notification });
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('passes a 403 to onError, logs it and closes the channel', async () => {
    const { socket, client, logger } = setup();
    socket.answer = () => ({ success: false, status: 403, message: 'Forbidden' });
    const onError = vi.fn();
    const onEvent = vi.fn();
    client.subscribe('private-user.8', { onError, WebNotificationCreated: onEvent });
    await flush();
    expect(onError).toHaveBeenCalledWith({ success: false, status: 403, message: 'Forbidden' });
    expect(logger.error).toHaveBeenCalled();
    expect(client.channelNames()).toEqual([]);
    socket.fire('WebNotificationCreated', { channel: 'private-user.8', notification });
    expect(onEvent).not.toHaveBeenCalled();
    // Closed: a reconnect does not ask again.
    socket.drop();
    socket.connect();
    expect(socket.subscribes()).toHaveLength(1);
  });

  it('closes a channel the server revoked and tells its listeners as a 403', async () => {
    const { socket, client, logger } = setup();
    const onError = vi.fn();
    const onEvent = vi.fn();
    client.subscribe(CHANNEL, { onError, WebNotificationCreated: onEvent });
    client.subscribe('private-user.9', {});
    await flush();
    socket.fire('ChannelRevoked', { channel: CHANNEL });
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ success: false, status: 403 }));
    expect(logger.warn).toHaveBeenCalled();
    expect(client.channelNames()).toEqual(['private-user.9']);
    socket.fire('WebNotificationCreated', { channel: CHANNEL, notification });
    expect(onEvent).not.toHaveBeenCalled();
    // Not asked for again after a reconnect; the other channel is.
    socket.drop();
    socket.connect();
    expect(socket.subscribes(CHANNEL)).toHaveLength(1);
    expect(socket.subscribes('private-user.9')).toHaveLength(2);
  });

  it('logs other refusals and keeps the channel for the next connection', async () => {
    const { socket, client, logger } = setup();
    socket.answer = () => ({ success: false, status: 500 });
    const onError = vi.fn();
    client.subscribe(CHANNEL, { onError });
    await flush();
    expect(logger.error).toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
    expect(client.channelNames()).toEqual([CHANNEL]);
  });

  it('subscribes on connect and again after a reconnect', async () => {
    const socket = new FakeSocket({ connected: false });
    const { client } = setup(socket);
    const onSubscribed = vi.fn();
    client.subscribe(CHANNEL, { onSubscribed });
    expect(socket.subscribes()).toHaveLength(0);
    socket.connect();
    await flush();
    expect(socket.subscribes(CHANNEL)).toHaveLength(1);
    expect(onSubscribed).toHaveBeenCalledTimes(1);
    socket.drop();
    socket.connect();
    await flush();
    expect(socket.subscribes(CHANNEL)).toHaveLength(2);
    expect(onSubscribed).toHaveBeenCalledTimes(2);
  });

  it('tells a late listener the channel is already subscribed', async () => {
    const { client } = setup();
    client.subscribe(CHANNEL, {});
    await flush();
    const onSubscribed = vi.fn();
    client.subscribe(CHANNEL, { onSubscribed });
    expect(onSubscribed).toHaveBeenCalledTimes(1);
  });

  it('ignores the answer for a channel left before it came', async () => {
    const { socket, client } = setup();
    socket.answer = () => undefined;
    const onSubscribed = vi.fn();
    const leave = client.subscribe(CHANNEL, { onSubscribed });
    leave();
    socket.pendingAcks[0]?.ack({ success: true });
    expect(onSubscribed).not.toHaveBeenCalled();
  });

  it('forwards broadcast events until the listener stops', () => {
    const { socket, client } = setup();
    const handler = vi.fn();
    const stop = client.onBroadcast('NoticesChanged', handler);
    socket.fire('NoticesChanged');
    stop();
    socket.fire('NoticesChanged');
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('disconnects the socket and forgets its channels', () => {
    const { socket, client } = setup();
    client.subscribe(CHANNEL, {});
    client.disconnect();
    expect(socket.disconnected).toBe(true);
    expect(client.channelNames()).toEqual([]);
  });

  it('unsubscribes from each channel before it disconnects', async () => {
    const { socket, client } = setup();
    client.subscribe(CHANNEL, {});
    client.subscribe('private-user.9', {});
    await flush();
    client.disconnect();
    expect(socket.unsubscribes(CHANNEL)).toHaveLength(1);
    expect(socket.unsubscribes('private-user.9')).toHaveLength(1);
  });

  it('sends nothing on a connection that is already down', () => {
    const { socket, client } = setup(new FakeSocket({ connected: false }));
    client.subscribe(CHANNEL, {});
    client.disconnect();
    expect(socket.unsubscribes()).toHaveLength(0);
  });

  it('refreshes the session and reconnects after a refused handshake', async () => {
    vi.useFakeTimers();
    try {
      const socket = new FakeSocket({ connected: false });
      const onRefused = vi.fn(() => Promise.resolve());
      new RealtimeClient(socket.asSocket(), { onRefused, logger: silent() });
      const connect = vi.spyOn(socket, 'connect');
      socket.active = false;
      socket.fire('connect_error', new Error('UNAUTHORIZED'));
      await vi.advanceTimersByTimeAsync(socketReconnectDelay(1));
      expect(onRefused).toHaveBeenCalledTimes(1);
      expect(connect).toHaveBeenCalledTimes(1);

      // A network error is socket.io's own to retry.
      socket.active = true;
      socket.fire('connect_error', new Error('xhr poll error'));
      await vi.advanceTimersByTimeAsync(SOCKET_RECONNECT.maxDelayMs);
      expect(onRefused).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('status socket options', () => {
  it('connects to /status/socket.io with credentials and the spec backoff', () => {
    expect(STATUS_SOCKET_OPTIONS).toMatchObject({
      path: '/status/socket.io',
      withCredentials: true,
      reconnectionAttempts: 5,
      timeout: 20_000,
    });
    const manager = new Manager('http://localhost', {
      ...STATUS_SOCKET_OPTIONS,
      autoConnect: false,
    });
    // socket.io's own backoff, read back: 100, 200, 400, 800, 1600 ms.
    const backoff = (manager as unknown as { backoff: { duration: () => number } }).backoff;
    const delays = Array.from({ length: SOCKET_RECONNECT.attempts }, () => backoff.duration());
    expect(delays).toEqual([1, 2, 3, 4, 5].map(socketReconnectDelay));
  });
});
