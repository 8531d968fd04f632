import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../test-fakes';
import { openTerminalConnection, type TerminalHandlers } from './terminal-connection';

const handlers = (): TerminalHandlers => ({
  output: vi.fn(),
  ready: vi.fn(),
  error: vi.fn(),
  closed: vi.fn(),
});

const start = () => ({ type: 'start' as const, cols: 100, rows: 30 });

beforeEach(() => {
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
});
afterEach(() => vi.unstubAllGlobals());

describe('openTerminalConnection', () => {
  it('sends start once open, then keystrokes as binary frames and resizes as JSON', () => {
    const connection = openTerminalConnection('ws://host/t', start, handlers());
    const socket = FakeWebSocket.last();
    connection.send('ignored before open');
    socket.open();
    connection.send('é');
    connection.resize(120, 40);
    expect(socket.sent).toEqual([
      JSON.stringify({ type: 'start', cols: 100, rows: 30 }),
      new TextEncoder().encode('é'),
      JSON.stringify({ type: 'resize', cols: 120, rows: 40 }),
    ]);
  });

  it('passes output bytes and control messages on, reporting one end only', () => {
    const on = handlers();
    openTerminalConnection('ws://host/t', start, on);
    const socket = FakeWebSocket.last();
    socket.open();
    socket.receive(new Uint8Array([1, 2]).buffer);
    socket.receive({ type: 'ready' });
    socket.receive('not json');
    socket.receive({ type: 'error', code: 'AUTH_FAILED', message: 'Refused' });
    socket.serverClose('bye');
    expect(on.output).toHaveBeenCalledWith(new Uint8Array([1, 2]));
    expect(on.ready).toHaveBeenCalledTimes(1);
    expect(on.error).toHaveBeenCalledWith('Refused', 'AUTH_FAILED');
    expect(on.closed).not.toHaveBeenCalled();
  });

  it('reports a socket that closes on its own, but not one it closed itself', () => {
    const lost = handlers();
    openTerminalConnection('ws://host/t', start, lost);
    FakeWebSocket.last().serverClose('');
    expect(lost.closed).toHaveBeenCalledWith('The connection to the device was lost');

    const ours = handlers();
    openTerminalConnection('ws://host/t', start, ours).close();
    FakeWebSocket.last().serverClose('');
    expect(ours.closed).not.toHaveBeenCalled();
  });
});
