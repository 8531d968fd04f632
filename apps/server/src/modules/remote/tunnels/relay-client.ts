import { randomBytes } from 'node:crypto';
import { type ClientRequest, type IncomingMessage, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { ERROR_CODES, type ErrorCode } from '@netfleet/contracts';
import type { OpenPayload } from '@netfleet/contracts/tunnel';
import { ApiError } from '@/lib/api-error';
import {
  RELAY_PATH,
  RELAY_PROTOCOL,
  RELAY_SIGNATURE_HEADER,
  type RelayParams,
  signRelay,
} from './relay-auth';
import { tunnelErrors } from './tunnel-errors';

/**
 * A dead instance's address may swallow packets instead of refusing them: give up on the
 * connection well before the browser gives up on us.
 */
const CONNECT_TIMEOUT_MS = 3_000;
/** The holder answers within the device's own open timeout (10 s); this is only a backstop. */
const ANSWER_TIMEOUT_MS = 20_000;
const MAX_ERROR_BODY_BYTES = 4096;

/** The registered holder is not there (dead, restarted, or no longer holding the tunnel). */
export class HolderGone extends Error {}

/** The holder refused our signature (clock skew or a misconfigured peer): not the user's fault. */
export class RelayRefused extends Error {}

const knownCodes = new Set<string>(Object.values(ERROR_CODES));

/** The holder's refusal as the error its own openStream raised, so it reads the same here. */
const refusal = (status: number, body: string): Error => {
  if (status === 421) return new HolderGone('the instance holds no tunnel to this device');
  if (status === 401 || status === 403) return new RelayRefused(`relay refused (${status})`);
  try {
    const envelope = JSON.parse(body) as { errors?: { code?: unknown; message?: unknown }[] };
    const error = envelope.errors?.[0];
    if (typeof error?.code === 'string' && knownCodes.has(error.code)) {
      return new ApiError(status, error.code as ErrorCode, String(error.message ?? ''));
    }
  } catch {
    // Not our envelope: something else answered on that address.
  }
  return tunnelErrors.closed();
};

/**
 * Asks the instance at `address` for a raw stream through the device's tunnel it holds: an HTTP
 * Upgrade signed with the relay key; after `101` the socket carries the device's bytes as they
 * are, so a bulk stream pays for one TCP hop and no framing.
 */
export const openRelay = (options: {
  address: string;
  key: Buffer;
  deviceId: number;
  target: OpenPayload;
}): Promise<Duplex> =>
  new Promise((resolve, reject) => {
    const params: RelayParams = {
      device: String(options.deviceId),
      host: options.target.host,
      port: String(options.target.port),
      ts: String(Date.now()),
      nonce: randomBytes(16).toString('hex'),
    };
    const url = new URL(RELAY_PATH, options.address);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request: ClientRequest = send(url, {
      agent: false,
      headers: {
        connection: 'Upgrade',
        upgrade: RELAY_PROTOCOL,
        [RELAY_SIGNATURE_HEADER]: signRelay(options.key, params),
      },
    });
    let settled = false;
    let timer = setTimeout(() => fail(new HolderGone('connection timed out')), CONNECT_TIMEOUT_MS);
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      reject(error);
    };
    request.on('socket', (socket: Socket) =>
      socket.once('connect', () => {
        clearTimeout(timer);
        timer = setTimeout(() => fail(tunnelErrors.timeout()), ANSWER_TIMEOUT_MS);
      }),
    );
    request.on('upgrade', (_response: IncomingMessage, socket: Socket, head: Buffer) => {
      if (settled) return void socket.destroy();
      settled = true;
      clearTimeout(timer);
      socket.setNoDelay(true);
      // Like a TunnelStream: the device's FIN does not end what we still send.
      socket.allowHalfOpen = true;
      if (head.length > 0) socket.unshift(head);
      resolve(socket);
    });
    let answered = false;
    request.on('response', (response: IncomingMessage) => {
      answered = true;
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_ERROR_BODY_BYTES) chunks.push(chunk);
      });
      response.on('end', () =>
        fail(refusal(response.statusCode ?? 502, Buffer.concat(chunks).toString('utf8'))),
      );
      response.on('error', () => fail(tunnelErrors.closed()));
    });
    // Before any answer, a failed connection means the holder is not there.
    request.on('error', (error) =>
      fail(answered ? tunnelErrors.closed() : new HolderGone(error.message)),
    );
    request.end();
  });
