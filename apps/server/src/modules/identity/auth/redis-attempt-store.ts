import type { Redis } from 'ioredis';
import { sha256 } from '@/lib/crypto';
import type { AttemptStore } from './login-limiter';

export const LOGIN_ATTEMPTS_KEY_PREFIX = 'netfleet:login-attempts:';

/**
 * The memory store's fixed window, atomically: the first failure starts the window, later ones
 * only count. A key found without an expiry gets one, so it can never count forever.
 */
const INCREMENT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 or redis.call('PTTL', KEYS[1]) < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
end
return count
`;

export interface RedisAttemptStoreOptions {
  /** Tests use their own prefix so runs never share or leave behind keys. */
  prefix?: string;
}

/** Counts shared by every instance on one Redis (REDIS_URL). */
export const createRedisAttemptStore = (
  redis: Redis,
  options: RedisAttemptStoreOptions = {},
): AttemptStore => {
  const prefix = options.prefix ?? LOGIN_ATTEMPTS_KEY_PREFIX;
  // Keys carry e-mails and addresses; a digest keeps them fixed-length and free of user input.
  const redisKey = (key: string) => prefix + sha256(key);
  return {
    async get(key) {
      const k = redisKey(key);
      const replies = await redis.multi().get(k).pttl(k).exec();
      const [[countError, count] = [], [ttlError, ttl] = []] = replies ?? [];
      if (countError) throw countError;
      if (ttlError) throw ttlError;
      // pttl is -2 when the key is gone and -1 without expiry; neither is a live window.
      if (typeof count !== 'string' || typeof ttl !== 'number' || ttl <= 0) return null;
      // Redis owns the expiry; the window end is reported on this process's clock.
      return { count: Number(count), resetAt: Date.now() + ttl };
    },
    async increment(key, windowMs) {
      await redis.eval(INCREMENT_SCRIPT, 1, redisKey(key), windowMs);
    },
    async reset(key) {
      await redis.del(redisKey(key));
    },
  };
};
