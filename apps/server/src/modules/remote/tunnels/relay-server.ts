import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { ERROR_CODES } from '@netfleet/contracts';
import { openPayloadSchema, type OpenPayload } from '@netfleet/contracts/tunnel';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '@/lib/api-error';
import {
  RELAY_PROTOCOL,
  RELAY_SIGNATURE_HEADER,
  type RelayParams,
  verifyRelay,
} from './relay-auth';
import { openFailure } from './tunnel-errors';

export interface RelayServerDeps {
  key: Buffer;
  claimNonce: (nonce: string) => Promise<boolean>;
  /** A stream through the tunnel this instance holds, or null when it holds none. */
  localStream: (deviceId: number, target: OpenPayload) => Promise<Duplex> | null;
  log: Pick<FastifyBaseLogger, 'warn' | 'debug'>;
}

const REASONS: Record<number, string> = {
  401: 'Unauthorized',
  409: 'Conflict',
  421: 'Misdirected Request',
  422: 'Unprocessable Entity',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** A refusal before `101`, in the API's error envelope, so the asking instance can rethrow it. */
const answer = (socket: Duplex, error: ApiError) => {
  const body = JSON.stringify({
    success: false,
    errors: [{ code: error.code, message: error.message, source: null }],
  });
  socket.end(
    `HTTP/1.1 ${error.statusCode} ${REASONS[error.statusCode] ?? 'Error'}\r\n` +
      'Content-Type: application/json\r\nConnection: close\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
};

const readParams = (url: URL): (RelayParams & { deviceId: number; target: OpenPayload }) | null => {
  const q = (name: string) => url.searchParams.get(name) ?? '';
  const params: RelayParams = {
    device: q('device'),
    host: q('host'),
    port: q('port'),
    ts: q('ts'),
    nonce: q('nonce'),
  };
  const target = openPayloadSchema.safeParse({ host: params.host, port: Number(params.port) });
  const wellFormed =
    /^[1-9]\d{0,9}$/.test(params.device) &&
    /^\d{1,15}$/.test(params.ts) &&
    /^[0-9a-f]{32}$/.test(params.nonce) &&
    /^\d{1,5}$/.test(params.port);
  if (!wellFormed || !target.success) return null;
  return { ...params, deviceId: Number(params.device), target: target.data };
};

/**
 * The holder's side of a relay: checks the peer's signature, opens a stream on the tunnel held
 * here, answers `101` and pipes raw bytes both ways. Never dials a device itself: without a
 * tunnel here it answers 421, and the asking instance forgets this holder and asks the device.
 */
export const createRelayServer = (deps: RelayServerDeps) => {
  const open = new Set<Duplex>();

  const refused = () => new ApiError(401, ERROR_CODES.UNAUTHORIZED, 'Relay request refused');

  const relay = async (socket: Duplex, head: Buffer, url: URL, signature: unknown) => {
    const params = readParams(url);
    if (!params || typeof signature !== 'string') throw refused();
    if (!verifyRelay(deps.key, params, signature, Date.now())) throw refused();
    if (!(await deps.claimNonce(params.nonce))) throw refused();
    const pending = deps.localStream(params.deviceId, params.target);
    if (!pending) {
      throw new ApiError(421, ERROR_CODES.DEVICE_ERROR, 'No tunnel to this device here');
    }
    const stream = await pending;
    if (socket.destroyed) return void stream.destroy();
    socket.write(
      `HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: ${RELAY_PROTOCOL}\r\n\r\n`,
    );
    if (head.length > 0) stream.write(head);
    const done = () => {
      socket.destroy();
      stream.destroy();
    };
    stream.on('error', done);
    stream.on('close', done);
    socket.on('close', done);
    // pipe() carries each side's end to the other as a FIN; both ended, both close.
    socket.pipe(stream);
    stream.pipe(socket);
  };

  return {
    handle(request: IncomingMessage, socket: Duplex, head: Buffer) {
      socket.on('error', () => socket.destroy());
      (socket as Socket).setNoDelay?.(true);
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      const url = new URL(request.url ?? '/', 'http://x');
      relay(socket, head, url, request.headers[RELAY_SIGNATURE_HEADER]).catch((error: unknown) => {
        const refusal = openFailure(error);
        if (refusal.statusCode === 401) deps.log.warn('relay request with a bad signature refused');
        else deps.log.debug({ err: error }, 'relay refused');
        if (!socket.destroyed) answer(socket, refusal);
      });
    },
    /** Ends every relayed stream: an upgraded socket would keep the HTTP server open. */
    close() {
      for (const socket of open) socket.destroy();
    },
  };
};

export type RelayServer = ReturnType<typeof createRelayServer>;
