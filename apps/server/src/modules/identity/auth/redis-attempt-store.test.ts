import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeRedis, connectRedis } from '@/redis/client';
import { buildTestApp } from '@test/app';
import { createUser } from '@test/factories';
import { login } from '@test/session';
import {
  type AttemptStore,
  createLoginLimiter,
  createMemoryAttemptStore,
  LOGIN_WINDOW_MS,
} from './login-limiter';
import { createRedisAttemptStore } from './redis-attempt-store';

const WINDOW_MS = 500;
/** Redis keeps real time: how far a reported window end may drift from the expected one. */
const SLACK_MS = 100;

interface Harness {
  store: AttemptStore;
  now(): number;
  /** Lets `ms` pass on the store's clock. */
  elapse(ms: number): Promise<void>;
}

/** What every AttemptStore must do; each implementation runs this same table. */
const attemptStoreBehaviour = (harness: () => Harness) => {
  let n = 0;
  // Fresh keys per test, so one store (and one Redis prefix) serves the whole table.
  const key = (name: string) => `login:email:${name}-${++n}@example.test`;
  const expectWindowEnd = (resetAt: number | undefined, end: number) => {
    expect(resetAt).toBeGreaterThanOrEqual(end - SLACK_MS);
    expect(resetAt).toBeLessThanOrEqual(end + SLACK_MS);
  };

  it('knows nothing of a key that never failed', async () => {
    expect(await harness().store.get(key('never'))).toBeNull();
  });

  it('counts failures in one window that starts at the first and is not extended', async () => {
    const { store, now, elapse } = harness();
    const k = key('count');
    const start = now();
    await store.increment(k, WINDOW_MS);
    await elapse(WINDOW_MS / 2);
    await store.increment(k, WINDOW_MS);
    await store.increment(k, WINDOW_MS);
    const entry = await store.get(k);
    expect(entry?.count).toBe(3);
    expectWindowEnd(entry?.resetAt, start + WINDOW_MS);
  });

  it('counts concurrent failures exactly', async () => {
    const { store } = harness();
    const k = key('burst');
    await Promise.all(Array.from({ length: 20 }, () => store.increment(k, WINDOW_MS)));
    expect((await store.get(k))?.count).toBe(20);
  });

  it('forgets a key once its window is over; the next failure starts a new window', async () => {
    const { store, now, elapse } = harness();
    const k = key('expire');
    await store.increment(k, WINDOW_MS);
    await store.increment(k, WINDOW_MS);
    await elapse(WINDOW_MS + 50);
    expect(await store.get(k)).toBeNull();
    const restart = now();
    await store.increment(k, WINDOW_MS);
    const entry = await store.get(k);
    expect(entry?.count).toBe(1);
    expectWindowEnd(entry?.resetAt, restart + WINDOW_MS);
  });

  it('keeps keys apart, and reset clears only its own key', async () => {
    const { store } = harness();
    const [a, b] = [key('a'), key('b')];
    await store.increment(a, WINDOW_MS);
    await store.increment(a, WINDOW_MS);
    await store.increment(b, WINDOW_MS);
    await store.reset(a);
    await store.reset(key('unknown'));
    expect(await store.get(a)).toBeNull();
    expect((await store.get(b))?.count).toBe(1);
  });
};

describe('memory attempt store', () => {
  let clock = Date.UTC(2026, 0, 1);
  const memory: Harness = {
    store: createMemoryAttemptStore(() => clock),
    now: () => clock,
    elapse: async (ms) => {
      clock += ms;
    },
  };
  attemptStoreBehaviour(() => memory);
});

describe.skipIf(!process.env.REDIS_URL)('redis attempt store', () => {
  const url = process.env.REDIS_URL ?? '';
  // One prefix per run: parallel runs on one Redis never see each other, and cleanup is exact.
  const prefix = `netfleet-test:${randomBytes(6).toString('hex')}:login-attempts:`;
  let redis: Redis;

  const keysUnder = async (match: string) => {
    const found: string[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${match}*`, 'COUNT', 1000);
      found.push(...keys);
      cursor = next;
    } while (cursor !== '0');
    return found;
  };

  beforeAll(async () => {
    redis = await connectRedis(url);
  });
  afterAll(async () => {
    const keys = await keysUnder(prefix);
    if (keys.length > 0) await redis.del(...keys);
    await closeRedis(redis);
  });

  attemptStoreBehaviour(() => ({
    store: createRedisAttemptStore(redis, { prefix }),
    now: Date.now,
    elapse: (ms) => sleep(ms),
  }));

  it('stores a sha256 of the key under the prefix, with the window as expiry', async () => {
    const own = `${prefix}shape:`;
    const email = 'Key.Shape@example.test';
    await createRedisAttemptStore(redis, { prefix: own }).increment(
      `login:email:${email}`,
      WINDOW_MS,
    );
    const keys = await keysUnder(own);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(new RegExp(`^${own}[0-9a-f]{64}$`));
    const ttl = await redis.pttl(keys[0] ?? '');
    expect(ttl).toBeGreaterThan(WINDOW_MS - SLACK_MS);
    expect(ttl).toBeLessThanOrEqual(WINDOW_MS);
  });

  it('blocks an e-mail on instance B after 5 failures on instance A', async () => {
    const second = await connectRedis(url);
    const a = await buildTestApp({}, { attemptStore: createRedisAttemptStore(redis, { prefix }) });
    const b = await buildTestApp({}, { attemptStore: createRedisAttemptStore(second, { prefix }) });
    try {
      const user = await createUser(b.db, 'end_user');
      for (let i = 0; i < 5; i++) {
        expect((await login(a.app, user.email, 'wrong', '10.9.0.1')).statusCode).toBe(401);
      }
      const blocked = await login(b.app, user.email, user.password, '10.9.0.2');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().errors[0].code).toBe('TOO_MANY_ATTEMPTS');
      const retryAfter = Number(blocked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(LOGIN_WINDOW_MS / 1000 - 60);
      expect(retryAfter).toBeLessThanOrEqual(LOGIN_WINDOW_MS / 1000);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await closeRedis(second);
    }
  });
});

describe('login limiter over a failing store', () => {
  it('answers 503 SERVICE_UNAVAILABLE instead of a 500', async () => {
    const down = new Error('connect ECONNREFUSED');
    const broken: AttemptStore = {
      get: () => Promise.reject(down),
      increment: () => Promise.reject(down),
      reset: () => Promise.reject(down),
    };
    const limiter = createLoginLimiter(broken);
    await expect(limiter.retryAfter('a@b.c', '127.0.0.1')).rejects.toMatchObject({
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
      cause: down,
    });
  });
});
