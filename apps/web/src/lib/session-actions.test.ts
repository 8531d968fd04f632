import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userChannel } from '@netfleet/contracts';
import { FakeSocket } from '@/test/fake-socket';
import { mockApi, ok } from '@/test/mock-api';
import { setActiveRealtime } from './realtime/active-client';
import { RealtimeClient } from './realtime/realtime-client';
import { logout } from './session-actions';
import { configureSessionHooks, resetSessionHooks } from './session-hooks';

const redirect = vi.fn<(location: string) => void>();

beforeEach(() => configureSessionHooks({ redirect }));
afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionHooks();
});

describe('logout', () => {
  it("leaves the user's channel before the session ends, then goes to the login page", async () => {
    const socket = new FakeSocket();
    const client = new RealtimeClient(socket.asSocket(), {
      logger: { warn: vi.fn(), error: vi.fn() },
    });
    setActiveRealtime(client);
    client.subscribe(userChannel(7), {});
    const order: string[] = [];
    const unsubscribe = socket.emit.bind(socket);
    vi.spyOn(socket, 'emit').mockImplementation((event, payload, ack) => {
      order.push(`${event} ${payload.channel}`);
      return unsubscribe(event, payload, ack);
    });
    const { calls } = mockApi({
      'POST /account/logout': () => {
        order.push('logout');
        return ok();
      },
    });
    await logout();
    expect(order).toEqual([`unsubscribe ${userChannel(7)}`, 'logout']);
    expect(socket.disconnected).toBe(true);
    expect(calls('POST /account/logout')).toHaveLength(1);
    expect(redirect).toHaveBeenCalledWith('/login');
  });
});
