import { render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Notification, SubscriptionAck } from '@netfleet/contracts';
import { FakeSocket } from '@/test/fake-socket';
import { disconnectRealtime } from './active-client';
import { RealtimeProvider } from './realtime-provider';
import { useChannel, useRealtimeEvent } from './use-channel';

const CHANNEL = 'private-user.7';
const notification: Notification = {
  id: 5,
  created_at: '2025-01-01T00:00:00Z',
  seen_at: null,
  summary: 'Ping',
  type: 'deviceAlert',
};

function Listener({ name, onError }: { name: string; onError?: (ack: SubscriptionAck) => void }) {
  const [last, setLast] = useState('none');
  useChannel(CHANNEL, {
    WebNotificationCreated: ({ notification: created }) => setLast(created.summary),
    ...(onError ? { onError } : {}),
  });
  return (
    <p>
      {name}: {last}
    </p>
  );
}

function Notices({ onChange }: { onChange: () => void }) {
  useRealtimeEvent('NoticesChanged', onChange);
  return null;
}

function renderWith(socket: FakeSocket, children: React.ReactNode) {
  const connect = () => socket.asSocket();
  const view = render(<RealtimeProvider connect={connect}>{children}</RealtimeProvider>);
  const rerender = (next: React.ReactNode) =>
    view.rerender(<RealtimeProvider connect={connect}>{next}</RealtimeProvider>);
  return { ...view, rerender };
}

describe('useChannel', () => {
  it('shares one subscription between components and leaves when both unmount', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const socket = new FakeSocket();
    const view = renderWith(
      socket,
      <>
        <Listener name="a" />
        <Listener name="b" />
      </>,
    );
    await waitFor(() => expect(socket.subscribes(CHANNEL)).toHaveLength(1));
    socket.serverEmit('WebNotificationCreated', { channel: CHANNEL, notification });
    expect(screen.getByText('a: Ping')).toBeInTheDocument();
    expect(screen.getByText('b: Ping')).toBeInTheDocument();

    view.rerender(<Listener name="a" />);
    expect(socket.unsubscribes()).toHaveLength(0);
    view.rerender(null);
    expect(socket.unsubscribes(CHANNEL)).toHaveLength(1);
  });

  it('hands a 403 to onError', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const socket = new FakeSocket();
    socket.answer = () => ({ success: false, status: 403 });
    const onError = vi.fn();
    renderWith(socket, <Listener name="a" onError={onError} />);
    await waitFor(() => expect(onError).toHaveBeenCalledWith({ success: false, status: 403 }));
    expect(console.error).toHaveBeenCalled();
  });

  it('listens to broadcasts and disconnects on unmount and on logout', async () => {
    const socket = new FakeSocket();
    const onChange = vi.fn();
    const view = renderWith(socket, <Notices onChange={onChange} />);
    await waitFor(() => expect(socket.listenerCount('NoticesChanged')).toBe(1));
    socket.serverEmit('NoticesChanged');
    expect(onChange).toHaveBeenCalledTimes(1);
    view.unmount();
    expect(socket.disconnected).toBe(true);

    const next = new FakeSocket();
    renderWith(next, null);
    await waitFor(() => expect(next.listenerCount('connect')).toBe(1));
    disconnectRealtime();
    expect(next.disconnected).toBe(true);
  });
});
