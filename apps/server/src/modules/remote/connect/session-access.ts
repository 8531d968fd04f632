import { ERROR_CODES, REMOTE_ACCESS_MESSAGES } from '@netfleet/contracts';
import { ApiError, notFound } from '@/lib/api-error';
import type { SessionGrant, SessionStore } from './session-store.port';

/**
 * The session a relay may carry for this user: theirs (a link is never usable by anyone else,
 * whatever they know of it), not ended, not expired.
 */
export const usableSession = async (
  sessions: Pick<SessionStore, 'byId'>,
  userId: number,
  sessionId: number,
  now: Date,
  types?: readonly SessionGrant['type'][],
): Promise<SessionGrant> => {
  const grant = await sessions.byId(sessionId);
  if (!grant || grant.userId !== userId || (types && !types.includes(grant.type))) {
    throw notFound(REMOTE_ACCESS_MESSAGES.sessionNotFound);
  }
  return checkActive(grant, now);
};

export const checkActive = (grant: SessionGrant, now: Date): SessionGrant => {
  if (grant.endedAt) {
    throw new ApiError(410, ERROR_CODES.FORBIDDEN, REMOTE_ACCESS_MESSAGES.linkRevoked);
  }
  if (grant.expiresAt <= now) {
    throw new ApiError(410, ERROR_CODES.FORBIDDEN, REMOTE_ACCESS_MESSAGES.linkExpired);
  }
  return grant;
};
