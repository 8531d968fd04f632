import { type AttemptStore, LOGIN_WINDOW_MS } from '@/modules/identity/auth/login-limiter';
import { serviceUnavailable } from '@/lib/api-error';

/** Reset mails per address in the window: enough for a lost mail, too few to bomb a mailbox. */
export const MAX_RESET_REQUESTS_PER_EMAIL = 3;
/** Requests per IP in the window, whatever the addresses, so nobody sprays the form. */
export const MAX_RESET_REQUESTS_PER_IP = 20;

/**
 * Throttles "forgot password" requests in the sign-in attempt store (shared through Redis when
 * several instances run). Every request counts, whether or not an account uses the address, so
 * a 429 says nothing about who has one.
 */
export const createResetRequestLimiter = (store: AttemptStore, now: () => number) => {
  const keys = (email: string, ip: string) => [
    { key: `password-reset:email:${email.toLowerCase()}`, max: MAX_RESET_REQUESTS_PER_EMAIL },
    { key: `password-reset:ip:${ip}`, max: MAX_RESET_REQUESTS_PER_IP },
  ];
  const secondsToWait = async (email: string, ip: string) => {
    let wait = 0;
    for (const { key, max } of keys(email, ip)) {
      const entry = await store.get(key);
      if (entry && entry.count >= max) {
        wait = Math.max(wait, Math.ceil((entry.resetAt - now()) / 1000), 1);
      }
    }
    return wait;
  };
  return {
    /** Counts the request and answers 0, or the seconds to wait when over a limit. */
    async take(email: string, ip: string): Promise<number> {
      try {
        const wait = await secondsToWait(email, ip);
        if (wait > 0) return wait;
        for (const { key } of keys(email, ip)) await store.increment(key, LOGIN_WINDOW_MS);
        return 0;
      } catch (error) {
        // A shared store (Redis) being down is not the caller's fault: 503, never 500.
        throw serviceUnavailable(
          'Password reset is temporarily unavailable. Try again later.',
          error,
        );
      }
    },
  };
};

export type ResetRequestLimiter = ReturnType<typeof createResetRequestLimiter>;
