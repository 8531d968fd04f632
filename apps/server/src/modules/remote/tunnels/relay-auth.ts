import { createHmac, timingSafeEqual } from 'node:crypto';
import { TUNNEL_PATH } from '@netfleet/contracts/tunnel';

/** Where an instance asks another for a raw stream through a device tunnel the other holds. */
export const RELAY_PATH = `${TUNNEL_PATH}/relay`;
/** The Upgrade protocol of a relay: after `101`, raw bytes both ways, no framing. */
export const RELAY_PROTOCOL = 'netfleet-relay';
export const RELAY_SIGNATURE_HEADER = 'x-netfleet-relay-signature';
/** A signed request older (or further in the future) than this is refused. */
export const RELAY_MAX_AGE_MS = 30_000;

/** What a relay request asks for, as sent in its query string. */
export interface RelayParams {
  device: string;
  host: string;
  port: string;
  /** Milliseconds since the epoch when it was signed. */
  ts: string;
  /** Random, used once: a captured request cannot be replayed within its 30 seconds. */
  nonce: string;
}

/**
 * The relay key is derived from the session signing secret, which every instance reads from the
 * shared database, so no new secret has to be distributed; deriving keeps the two uses apart.
 */
export const relayKey = (jwtSecret: string): Buffer =>
  createHmac('sha256', jwtSecret).update('netfleet tunnel relay v1').digest();

const signed = (params: RelayParams) =>
  // JSON keeps the fields apart whatever they contain.
  JSON.stringify([params.device, params.host, params.port, params.ts, params.nonce]);

export const signRelay = (key: Buffer, params: RelayParams): string =>
  createHmac('sha256', key).update(signed(params)).digest('hex');

export const verifyRelay = (
  key: Buffer,
  params: RelayParams,
  signature: string,
  now: number,
): boolean => {
  const age = Math.abs(now - Number(params.ts));
  if (!Number.isFinite(age) || age > RELAY_MAX_AGE_MS) return false;
  const expected = Buffer.from(signRelay(key, params), 'hex');
  const given = Buffer.from(/^[0-9a-f]{64}$/.test(signature) ? signature : '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
};
