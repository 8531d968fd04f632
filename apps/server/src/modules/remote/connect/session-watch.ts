import { REMOTE_ACCESS_MESSAGES } from '@netfleet/contracts';
import type { SessionGrant, SessionStore } from './session-store.port';

const CHECK_MS = 15_000;

/**
 * Ends a live relay when its session expires or is closed from the console (access history,
 * another tab): the link's lifetime bounds the connection, not only its start.
 */
export const watchSession = (
  grant: SessionGrant,
  sessions: Pick<SessionStore, 'byId'>,
  now: () => Date,
  end: (reason: string) => void,
): (() => void) => {
  const check = async () => {
    if (now() >= grant.expiresAt) return end(REMOTE_ACCESS_MESSAGES.linkExpired);
    const current = await sessions.byId(grant.id).catch(() => grant);
    if (!current || current.endedAt) end(REMOTE_ACCESS_MESSAGES.linkRevoked);
  };
  const timer = setInterval(() => void check(), CHECK_MS);
  const expiry = setTimeout(
    () => end(REMOTE_ACCESS_MESSAGES.linkExpired),
    Math.min(2 ** 31 - 1, Math.max(0, grant.expiresAt.getTime() - now().getTime())),
  );
  timer.unref();
  expiry.unref();
  return () => {
    clearInterval(timer);
    clearTimeout(expiry);
  };
};
