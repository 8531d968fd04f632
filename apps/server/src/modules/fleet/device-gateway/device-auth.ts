import { timingSafeEqual } from 'node:crypto';
import { CONNECTION_CODES } from '@netfleet/contracts';
import { hashDeviceCredential } from '@/lib/device-secrets';
import { createBatchQueue } from '@/lib/batch-queue';
import type { DeviceAuthenticator } from '@/plugins/broker';
import type { ConnectionLog } from './connection-log';
import type { GatewayRepository } from './gateway.repository';
import { createThrottle } from './throttle';

const CACHE_SIZE = 50_000;
/** A deleted device's cached credential stops working within this long. */
const CACHE_TTL_MS = 5 * 60_000;
/** Most logins checked with one query: a fleet back after a restart logs in all at once. */
const LOOKUP_BATCH_MAX = 1000;

const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Checks `d<id>` logins for the embedded broker. Successful logins are cached (bounded, with a
 * TTL) so a fleet reconnecting together does not cost one query per device; refusals are logged
 * (code 104), at most a few per device and minute so a password-guesser cannot flood the log.
 */
export const createDeviceAuthenticator = (deps: {
  repository: Pick<GatewayRepository, 'credentialHashes'>;
  logs: ConnectionLog;
  now: () => Date;
}): DeviceAuthenticator & { forget(deviceId: number): void } => {
  const cache = new Map<number, { hash: string; at: number }>();
  const logThrottle = createThrottle({
    limit: 5,
    windowMs: 60_000,
    now: () => deps.now().getTime(),
  });

  const lookup = createBatchQueue(
    async (batch: { deviceId: number; hash: string | null }[]) => {
      const hashes = await deps.repository.credentialHashes([
        ...new Set(batch.map((item) => item.deviceId)),
      ]);
      for (const item of batch) item.hash = hashes.get(item.deviceId) ?? null;
    },
    { max: LOOKUP_BATCH_MAX },
  );
  const storedHash = async (deviceId: number) => {
    const item = { deviceId, hash: null as string | null };
    await lookup.push(item);
    return item.hash;
  };

  const authenticate: DeviceAuthenticator = async (deviceId, password, meta) => {
    const hash = hashDeviceCredential(password);
    const at = deps.now();
    const cached = cache.get(deviceId);
    if (cached && at.getTime() - cached.at < CACHE_TTL_MS && sameHash(cached.hash, hash)) {
      return true;
    }
    const stored = await storedHash(deviceId);
    if (stored !== null && sameHash(stored, hash)) {
      cache.delete(deviceId);
      cache.set(deviceId, { hash, at: at.getTime() });
      if (cache.size > CACHE_SIZE) {
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) cache.delete(oldest);
      }
      return true;
    }
    cache.delete(deviceId);
    if (logThrottle.attempt(String(deviceId))) {
      deps.logs.add({
        deviceId,
        code: CONNECTION_CODES.badCredential,
        reason: 'Wrong or revoked credential',
        ip: meta.ip ?? null,
        at,
      });
    }
    return false;
  };
  // A credential revoked here (approved devices) stops working now, not after the cache's TTL.
  return Object.assign(authenticate, { forget: (deviceId: number) => void cache.delete(deviceId) });
};
