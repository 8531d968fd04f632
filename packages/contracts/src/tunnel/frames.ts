import { z } from 'zod';

// The remote-access tunnel: one WebSocket per device (the device dials out), carrying many
// streams. Each binary message is one frame: [type: u8][stream id: u32 BE][payload].
// docs/device-protocol.md explains it for device implementers.

export const FRAME = {
  /** server → device: open a TCP stream; payload JSON {host, port}. */
  open: 1,
  /** device → server: the stream is connected. */
  openOk: 2,
  /** device → server: it could not be; payload JSON {code, message}. */
  openError: 3,
  /** Stream bytes. */
  data: 4,
  /** The receiver consumed bytes: payload u32 BE, more bytes the sender may send. */
  window: 5,
  /** The sender will send no more (TCP half-close). */
  fin: 6,
  /** The stream is gone (reset); payload: an optional UTF-8 reason. */
  close: 7,
} as const;
export type FrameType = (typeof FRAME)[keyof typeof FRAME];

export const FRAME_HEADER_BYTES = 5;
/** Bytes a sender may have in flight per stream before the receiver grants more. */
export const STREAM_WINDOW_BYTES = 256 * 1024;
/** Largest DATA payload: big enough for throughput, small enough to interleave streams. */
export const MAX_DATA_FRAME_BYTES = 64 * 1024;
/** Streams one tunnel may hold at once. */
export const MAX_STREAMS_PER_TUNNEL = 256;

export interface Frame {
  type: FrameType;
  stream: number;
  payload: Buffer;
}

export const encodeFrame = (type: FrameType, stream: number, payload?: Buffer): Buffer => {
  const frame = Buffer.allocUnsafe(FRAME_HEADER_BYTES + (payload?.length ?? 0));
  frame.writeUInt8(type, 0);
  frame.writeUInt32BE(stream, 1);
  payload?.copy(frame, FRAME_HEADER_BYTES);
  return frame;
};

const TYPES = new Set<number>(Object.values(FRAME));

export const decodeFrame = (message: Buffer): Frame | null => {
  if (message.length < FRAME_HEADER_BYTES) return null;
  const type = message.readUInt8(0);
  if (!TYPES.has(type)) return null;
  return {
    type: type as FrameType,
    stream: message.readUInt32BE(1),
    payload: message.subarray(FRAME_HEADER_BYTES),
  };
};

export const openPayloadSchema = z.object({
  host: z.string().min(1).max(253),
  port: z.number().int().min(1).max(65_535),
});
export type OpenPayload = z.infer<typeof openPayloadSchema>;

export const OPEN_ERROR_CODES = [
  'not_allowed',
  'refused',
  'unreachable',
  'timeout',
  'busy',
] as const;
export const openErrorSchema = z.object({
  code: z.enum(OPEN_ERROR_CODES),
  message: z.string().max(500),
});
export type OpenError = z.infer<typeof openErrorSchema>;

/** server → device over MQTT (`nf/d/<id>/tun`): dial this URL with your credential and the token. */
export const tunnelRequestSchema = z.object({
  url: z.url({ protocol: /^wss?$/ }),
  token: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/),
  expires_at: z.number().int().positive(),
});
export type TunnelRequest = z.infer<typeof tunnelRequestSchema>;

/** The HTTP path devices dial, and the header that carries the one-time token. */
export const TUNNEL_PATH = '/api/devices/tunnel';
export const TUNNEL_TOKEN_HEADER = 'x-netfleet-tunnel-token';
