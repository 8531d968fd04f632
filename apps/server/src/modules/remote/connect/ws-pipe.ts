import type { Readable } from 'node:stream';
import type { WebSocket } from 'ws';

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
