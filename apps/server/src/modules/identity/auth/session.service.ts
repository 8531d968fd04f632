import { randomToken, sha256 } from '@/lib/crypto';
import { unauthorized } from '@/lib/api-error';
import type { Transaction } from '@/db/client';
import type { UserRow } from '@/db/types';
import { ACCESS_TOKEN_TTL_SECONDS, type AccessTokens } from './access-token';
import type { AuthRepository } from './auth.repository';
import type { AuthContext, Identity } from './auth.types';
import { isSuperAdmin } from './auth.service';
import type { SessionRepository } from './session.repository';

export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
/**
 * Tabs of one browser share the refresh cookie and may refresh at the same moment. A token used
 * less than this long ago is the loser of such a race, not a stolen copy.
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

export type RunInTransaction = <T>(fn: (tx: Transaction) => Promise<T>) => Promise<T>;

export interface IssuedTokens {
  sessionId: string;
  access: { token: string; exp: number };
  /** Absent when only the access token changes (impersonation switches, a lost refresh race). */
  refreshToken?: string;
}

interface Deps {
  authRepository: AuthRepository;
  sessionRepository: SessionRepository;
  accessTokens: AccessTokens;
  transaction: RunInTransaction;
  now: () => Date;
}

/**
 * The caller right after tokens were issued, before any request carried the new cookie. With
 * `realUser` the identity is being impersonated by that user.
 */
export const sessionContext = (
  identity: Identity,
  tokens: IssuedTokens,
  realUser: UserRow = identity.user,
  passwordConfirmedAt: Date | null = null,
): AuthContext => ({
  ...identity,
  realUser,
  impersonating: realUser.id !== identity.user.id,
  via: 'session',
  sessionId: tokens.sessionId,
  tokenId: null,
  exp: tokens.access.exp,
  iat: tokens.access.exp - ACCESS_TOKEN_TTL_SECONDS,
  passwordConfirmedAt,
});

const inRefreshTtl = (at: Date) => new Date(at.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000);

/** Browser sessions: a long-lived rotating refresh token behind short-lived access tokens. */
export const createSessionService = (deps: Deps) => {
  const { authRepository, sessionRepository, accessTokens, transaction, now } = deps;

  const newRefreshToken = async (sessionId: string, at: Date, tx: Transaction) => {
    const token = randomToken();
    await sessionRepository.insertRefreshToken(
      { sessionId, tokenHash: sha256(token), expiresAt: inRefreshTtl(at) },
      tx,
    );
    return token;
  };

  const revokeSession = (sessionId: string, at: Date) =>
    transaction((tx) => sessionRepository.revoke(sessionId, at, tx));

  const signAccess = (sessionId: string, actingUserId: number, realUser: UserRow) =>
    accessTokens.sign(
      {
        userId: actingUserId,
        sessionId,
        ...(actingUserId !== realUser.id
          ? { act: { userId: realUser.id, email: realUser.email } }
          : {}),
      },
      now().getTime(),
    );

  /**
   * Impersonation survives a refresh only while it is still allowed: the impersonator keeps the
   * permission and, unless a super admin, the target's access limit is still in the future.
   */
  const impersonationStillAllowed = async (
    realPermissions: ReadonlySet<string>,
    targetId: number,
    at: Date,
  ) => {
    if (!realPermissions.has('impersonate_users')) return false;
    const target = await authRepository.findUser(targetId);
    if (!target || target.disabledAt) return false;
    if (isSuperAdmin(realPermissions)) return true;
    return target.impersonationAccessLimit !== null && target.impersonationAccessLimit > at;
  };

  return {
    async start(
      user: UserRow,
      meta: { ip: string; userAgent: string | null },
    ): Promise<IssuedTokens> {
      const at = now();
      return transaction(async (tx) => {
        const session = await sessionRepository.create(
          { userId: user.id, expiresAt: inRefreshTtl(at), ...meta },
          tx,
        );
        const refreshToken = await newRefreshToken(session.id, at, tx);
        const access = await signAccess(session.id, user.id, user);
        return { sessionId: session.id, access, refreshToken };
      });
    },

    async refresh(refreshToken: string): Promise<IssuedTokens> {
      const at = now();
      const stored = await sessionRepository.findRefreshToken(sha256(refreshToken));
      if (!stored) throw unauthorized('Invalid refresh token');
      const session = await sessionRepository.findActive(stored.sessionId, at);
      if (!session) throw unauthorized('Session expired');
      let rotate = true;
      if (stored.usedAt || !(await sessionRepository.consumeRefreshToken(stored.id, at))) {
        // Used by a concurrent request when the update found it taken: that was just now.
        const usedAt = stored.usedAt ?? at;
        // Long after its use, a token coming back leaked (or is a replay): end the whole session.
        if (at.getTime() - usedAt.getTime() >= REFRESH_REUSE_GRACE_MS) {
          await revokeSession(session.id, at);
          throw unauthorized('Refresh token reuse detected; the session was ended');
        }
        // Another tab just rotated it; the shared cookie jar already holds the successor.
        rotate = false;
      }
      if (stored.expiresAt <= at) throw unauthorized('Session expired');

      const real = await authRepository.loadIdentity(session.userId);
      if (!real || real.user.disabledAt) {
        await revokeSession(session.id, at);
        throw unauthorized('Session expired');
      }
      let actingUserId = session.actingUserId ?? real.user.id;
      if (
        session.actingUserId !== null &&
        !(await impersonationStillAllowed(real.permissions, session.actingUserId, at))
      ) {
        await transaction((tx) => sessionRepository.endImpersonation(session.id, at, tx));
        actingUserId = real.user.id;
      }
      if (!rotate) {
        const access = await signAccess(session.id, actingUserId, real.user);
        return { sessionId: session.id, access };
      }
      return transaction(async (tx) => {
        const next = await newRefreshToken(session.id, at, tx);
        await sessionRepository.extend(session.id, inRefreshTtl(at), tx);
        const access = await signAccess(session.id, actingUserId, real.user);
        return { sessionId: session.id, access, refreshToken: next };
      });
    },

    /** A new access token after the session's acting user changed. */
    async reissueAccess(
      sessionId: string,
      actingUserId: number,
      realUser: UserRow,
    ): Promise<IssuedTokens> {
      const access = await signAccess(sessionId, actingUserId, realUser);
      return { sessionId, access };
    },

    /** Finds the session behind whatever cookie is still there, expired access token included. */
    async findSessionId(cookies: { access?: string; refresh?: string }): Promise<string | null> {
      if (cookies.refresh) {
        const stored = await sessionRepository.findRefreshToken(sha256(cookies.refresh));
        if (stored) return stored.sessionId;
      }
      if (cookies.access) {
        const claims = await accessTokens.verifyIgnoringExpiry(cookies.access);
        if (claims) return claims.sessionId;
      }
      return null;
    },

    /** The session's user when this call ended it, null when it was already over. */
    revoke(sessionId: string): Promise<number | null> {
      return revokeSession(sessionId, now());
    },
  };
};

export type SessionService = ReturnType<typeof createSessionService>;
