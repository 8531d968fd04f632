import { serviceUnavailable } from '@/lib/api-error';

/**
 * Counts failed attempts per key in a fixed window. Behind an interface so a Redis store can
 * replace the in-memory one when several instances must share the counts.
 */
export interface AttemptStore {
  /** Failures recorded for `key` in its current window, and when that window ends (ms epoch). */
  get(key: string): Promise<{ count: number; resetAt: number } | null>;
  increment(key: string, windowMs: number): Promise<void>;
  reset(key: string): Promise<void>;
}

export const createMemoryAttemptStore = (now: () => number = Date.now): AttemptStore => {
  const entries = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.resetAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const sweep = () => {
    const t = now();
    for (const [key, entry] of entries) if (entry.resetAt <= t) entries.delete(key);
  };
  return {
    async get(key) {
      return live(key) ?? null;
    },
    async increment(key, windowMs) {
      // Bounded memory under a spray of random e-mails: expired keys go once the map grows.
      if (entries.size > 10_000) sweep();
      const entry = live(key);
      if (entry) entry.count += 1;
      else entries.set(key, { count: 1, resetAt: now() + windowMs });
    },
    async reset(key) {
      entries.delete(key);
    },
  };
};

export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 20;

/** Login throttling: 5 failures per e-mail or 20 per IP within 15 minutes. */
export const createLoginLimiter = (shared: AttemptStore, now: () => number = Date.now) => {
  // A shared store (Redis) being down is not the caller's fault: answer 503, never 500.
  const guard =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    (...args: A) =>
      fn(...args).catch((error: unknown) => {
        throw serviceUnavailable(
          'Sign-in is temporarily unavailable. Try again in a moment.',
          error,
        );
      });
  const store: AttemptStore = {
    get: guard(shared.get.bind(shared)),
    increment: guard(shared.increment.bind(shared)),
    reset: guard(shared.reset.bind(shared)),
  };
  const keys = (email: string, ip: string) => [
    { key: `login:email:${email.toLowerCase()}`, max: MAX_FAILURES_PER_EMAIL },
    { key: `login:ip:${ip}`, max: MAX_FAILURES_PER_IP },
  ];
  return {
    /** Seconds the caller must wait, or 0 when an attempt is allowed. */
    async retryAfter(email: string, ip: string): Promise<number> {
      let wait = 0;
      for (const { key, max } of keys(email, ip)) {
        const entry = await store.get(key);
        if (entry && entry.count >= max) {
          wait = Math.max(wait, Math.ceil((entry.resetAt - now()) / 1000));
        }
      }
      return wait;
    },
    async fail(email: string, ip: string) {
      for (const { key } of keys(email, ip)) await store.increment(key, LOGIN_WINDOW_MS);
    },
    async succeed(email: string) {
      await store.reset(`login:email:${email.toLowerCase()}`);
    },
  };
};

export type LoginLimiter = ReturnType<typeof createLoginLimiter>;
