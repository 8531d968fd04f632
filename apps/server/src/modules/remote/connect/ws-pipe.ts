import type { IncomingMessage } from 'node:http';
import type { Duplex, Readable } from 'node:stream';
import { ERROR_CODES } from '@netfleet/contracts';
import type { WebSocket, WebSocketServer } from 'ws';
import { ApiError } from '@/lib/api-error';

/** Above this many bytes queued for the browser, the device side is paused. */
const HIGH_WATER_BYTES = 1024 * 1024;

/**
 * Sends a device-side stream's bytes to a browser WebSocket without unbounded buffering: a
 * slow browser pauses the source, which stops granting tunnel credit, which stops the device.
 */
export const pipeToBrowser = (
  source: Readable,
  ws: WebSocket,
  onBytes: (bytes: number) => void,
  transform: (chunk: Buffer) => Buffer = (chunk) => chunk,
) => {
  source.on('data', (chunk: Buffer) => {
    const data = transform(chunk);
    if (data.length === 0) return;
    onBytes(data.length);
    ws.send(data, { binary: true }, () => {
      if (source.isPaused() && ws.bufferedAmount < HIGH_WATER_BYTES / 2) source.resume();
    });
    if (ws.bufferedAmount > HIGH_WATER_BYTES) source.pause();
  });
};

export const sendJson = (ws: WebSocket, message: object) => {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
};

/**
 * Accepts the upgrade only to say why the session cannot be used: browsers do not show an HTTP
 * answer to a WebSocket, but the connect screens show this message, and noVNC the close reason
 * (4000 + the HTTP status).
 */
export const refuseWebSocket = (
  wss: WebSocketServer,
  upgrade: { request: IncomingMessage; socket: Duplex; head: Buffer },
  error: unknown,
  fallback: string,
) => {
  const refusal =
    error instanceof ApiError ? error : new ApiError(502, ERROR_CODES.DEVICE_ERROR, fallback);
  wss.handleUpgrade(upgrade.request, upgrade.socket, upgrade.head, (ws) => {
    sendJson(ws, { type: 'error', code: refusal.code, message: refusal.message });
    ws.close(4000 + (refusal.statusCode % 1000), refusal.message.slice(0, 120));
  });
};
