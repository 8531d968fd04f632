import type { Redis } from 'ioredis';
import { serviceUnavailable } from '@/lib/api-error';

/** One prefix for netfleet's keys (login attempts use `netfleet:login-attempts:`). */
const PREFIX = 'netfleet:tunnel:';
const tokenKey = (deviceId: number) => `${PREFIX}token:${deviceId}`;
const holderKey = (deviceId: number) => `${PREFIX}at:${deviceId}`;
const nonceKey = (nonce: string) => `${PREFIX}nonce:${nonce}`;

/** A holder that died without releasing is forgotten after this long at most. */
export const HOLDER_TTL_MS = 60_000;
/** Kept a little longer than a relay signature is valid, so no replay outlives its nonce. */
const NONCE_TTL_MS = 65_000;

// Delete or extend a key only while it still names us: another instance may hold a newer tunnel.
const DELETE_IF = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;
// Extend our own registration, or restore it when it vanished (a peer wrongly thought us dead);
// never overwrite another instance's.
const REFRESH = `local v = redis.call('get', KEYS[1])
if v == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end
if not v then redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end
return 0`;

/**
 * Where each device's tunnel is, shared by the instances through Redis: the pending dial's token
 * (its sha256; any instance may take the device's dial) and the internal address of the instance
 * holding the tunnel.
 */
export interface TunnelRegistry {
  /** This instance's address as peers reach it (INSTANCE_URL). */
  readonly self: string;
  /** Stores a dial's token hash; false when another instance's dial is still pending. */
  offerToken(deviceId: number, tokenHash: string, ttlMs: number): Promise<boolean>;
  /** The pending dial's token hash, taken: it is good for one dial only. */
  takeToken(deviceId: number): Promise<string | null>;
  /** The address of the instance holding the device's tunnel, if any. */
  holder(deviceId: number): Promise<string | null>;
  /** This instance now holds the device's newest tunnel. */
  hold(deviceId: number): Promise<void>;
  refresh(deviceId: number): Promise<void>;
  /** Drops the registration if it still names `address` (default: this instance). */
  forget(deviceId: number, address?: string): Promise<void>;
  /** True the first time a relay request's nonce is seen. */
  claimNonce(nonce: string): Promise<boolean>;
}

const unavailable = (error: unknown): never => {
  throw serviceUnavailable(
    'Remote access is unavailable: the tunnel registry cannot be reached',
    error,
  );
};

export const createRedisTunnelRegistry = (redis: Redis, self: string): TunnelRegistry => ({
  self,
  offerToken: (deviceId, tokenHash, ttlMs) =>
    redis
      .set(tokenKey(deviceId), tokenHash, 'PX', ttlMs, 'NX')
      .then((answer) => answer === 'OK', unavailable),
  takeToken: (deviceId) => redis.getdel(tokenKey(deviceId)).catch(unavailable),
  holder: (deviceId) => redis.get(holderKey(deviceId)).catch(unavailable),
  hold: async (deviceId) => {
    await redis.set(holderKey(deviceId), self, 'PX', HOLDER_TTL_MS);
  },
  refresh: async (deviceId) => {
    await redis.eval(REFRESH, 1, holderKey(deviceId), self, HOLDER_TTL_MS);
  },
  forget: async (deviceId, address = self) => {
    await redis.eval(DELETE_IF, 1, holderKey(deviceId), address).catch(unavailable);
  },
  claimNonce: (nonce) =>
    redis
      .set(nonceKey(nonce), '1', 'PX', NONCE_TTL_MS, 'NX')
      .then((answer) => answer === 'OK', unavailable),
});
