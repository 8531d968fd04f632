// The terminal relay's protocol over one WebSocket: a JSON `start` first, then binary frames for
// the bytes both ways and JSON text frames for control (resize from us; ready, error, closed
// from the server).
import type { TerminalClientMessage, TerminalServerMessage } from '@netfleet/contracts';
import { CONNECT_TEXTS } from '../texts';

export type TerminalStart = Extract<TerminalClientMessage, { type: 'start' }>;

export interface TerminalHandlers {
  output: (bytes: Uint8Array) => void;
  ready: () => void;
  error: (message: string, code: string) => void;
  /** The connection ended without an error message: the server's reason, or the socket's. */
  closed: (reason: string) => void;
}

export interface TerminalConnection {
  send: (data: string) => void;
  resize: (cols: number, rows: number) => void;
  close: () => void;
}

function parseControl(text: string): TerminalServerMessage | null {
  try {
    const message = JSON.parse(text) as TerminalServerMessage;
    return typeof message === 'object' && message !== null ? message : null;
  } catch {
    return null;
  }
}

/**
 * Opens the relay. `start` is read when the socket opens, so it carries the terminal's size at
 * that moment. Each connection reports one end at most: an error or a close, never both.
 */
export function openTerminalConnection(
  url: string,
  start: () => TerminalStart,
  handlers: TerminalHandlers,
): TerminalConnection {
  const socket = new WebSocket(url);
  socket.binaryType = 'arraybuffer';
  const encoder = new TextEncoder();
  let ended = false;
  const end = (report: () => void) => {
    if (ended) return;
    ended = true;
    report();
  };
  const sendControl = (message: TerminalClientMessage) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  };

  socket.addEventListener('open', () => sendControl(start()));
  socket.addEventListener('message', (event: MessageEvent<ArrayBuffer | string>) => {
    if (typeof event.data !== 'string') {
      handlers.output(new Uint8Array(event.data));
      return;
    }
    const message = parseControl(event.data);
    if (message?.type === 'ready') handlers.ready();
    else if (message?.type === 'error') end(() => handlers.error(message.message, message.code));
    else if (message?.type === 'closed') end(() => handlers.closed(message.reason));
  });
  socket.addEventListener('close', (event) =>
    end(() => handlers.closed(event.reason || CONNECT_TEXTS.connectionLost)),
  );

  return {
    send: (data) => {
      if (socket.readyState === WebSocket.OPEN) socket.send(encoder.encode(data));
    },
    resize: (cols, rows) => sendControl({ type: 'resize', cols, rows }),
    close: () => {
      // Ours: nothing to report to a screen that is going away or reconnecting.
      ended = true;
      socket.close();
    },
  };
}
