// Spec §4: the session is valid while the user's `exp` (seconds) is later than now. The client
// keeps that `exp` (from GET /user, then from each token refresh) and renews the session when it
// is reached, through the same single-flight refresh a 401 starts: a failed renewal revokes the
// token and leaves for the login page, instead of the next click failing on a dead session.

// Renew a little early, so no request leaves with a token that lapses on its way.
const RENEW_AHEAD_MS = 10_000;
// setTimeout fires at once for delays above 2^31 - 1 ms; longer waits are done in steps.
const MAX_TIMER_MS = 2_147_483_647;

let expiresAt: number | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let renew: () => Promise<unknown> = () => Promise.resolve();

/** The api-client plugs in its refresh; kept apart so this module imports nothing. */
export function setSessionRenewal(refresh: () => Promise<unknown>): void {
  renew = refresh;
}

function schedule(): void {
  clearTimeout(timer);
  if (expiresAt === null) return;
  const wait = expiresAt - RENEW_AHEAD_MS - Date.now();
  if (wait > MAX_TIMER_MS) {
    timer = setTimeout(schedule, MAX_TIMER_MS);
    return;
  }
  timer = setTimeout(() => void renew(), Math.max(0, wait));
}

/** Starts (or moves) the renewal for a session expiring at `exp` seconds; null forgets it. */
export function trackSessionExpiry(exp: number | null): void {
  expiresAt = exp === null ? null : exp * 1000;
  schedule();
}

/** True when a session is known and its `exp` has passed (the tab slept through the renewal). */
export function isSessionExpired(now = Date.now()): boolean {
  return expiresAt !== null && expiresAt <= now;
}
