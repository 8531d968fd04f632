import { SUPER_ADMIN_PERMISSION, TOKEN_SCOPES, type TokenScope } from '@netfleet/contracts';
import { sha256 } from '@/lib/crypto';
import type { AccessTokens } from './access-token';
import type { AuthRepository } from './auth.repository';
import type { AuthContext } from './auth.types';
import type { SessionRepository } from './session.repository';

/** Personal access tokens look like `nf_pat_<43 url-safe chars>`. */
export const PAT_PREFIX = 'nf_pat_';
/** `exp` of a token that never expires (9999-12-31), so clients can still compare it. */
const NEVER_EXPIRES = 253_402_300_799;
/** last_seen_at / last_used_at are written at most this often, not on every request. */
const TOUCH_INTERVAL_MS = 60_000;

const tokenPermissions = (rolePermissions: ReadonlySet<string>, scopes: readonly string[]) => {
  const lent = new Set<string>(scopes.flatMap((scope) => TOKEN_SCOPES[scope as TokenScope] ?? []));
  return new Set([...rolePermissions].filter((p) => lent.has(p)));
};

export const isSuperAdmin = (permissions: ReadonlySet<string>) =>
  permissions.has(SUPER_ADMIN_PERMISSION);

interface Deps {
  authRepository: AuthRepository;
  sessionRepository: SessionRepository;
  accessTokens: AccessTokens;
  now: () => Date;
}

/** Turns a request credential into the caller, or null when it is missing, wrong or stale. */
export const createAuthService = ({
  authRepository,
  sessionRepository,
  accessTokens,
  now,
}: Deps) => ({
  async resolveSession(accessToken: string): Promise<AuthContext | null> {
    const claims = await accessTokens.verify(accessToken);
    if (!claims) return null;
    const at = now();
    const session = await sessionRepository.findActive(claims.sessionId, at);
    if (!session) return null;
    const impersonating = session.actingUserId !== null;
    // A token minted before impersonation started or ended is stale: the client refreshes.
    if (claims.userId !== (session.actingUserId ?? session.userId)) return null;
    if (impersonating !== Boolean(claims.act)) return null;

    const identity = await authRepository.loadIdentity(claims.userId);
    if (!identity || identity.user.disabledAt) return null;
    const realUser = impersonating ? await authRepository.findUser(session.userId) : identity.user;
    if (!realUser || realUser.disabledAt) return null;

    if (at.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await sessionRepository.touch(session.id, at);
    }
    return {
      ...identity,
      realUser,
      impersonating,
      via: 'session',
      sessionId: session.id,
      tokenId: null,
      exp: claims.exp,
      ...(claims.iat === undefined ? {} : { iat: claims.iat }),
      passwordConfirmedAt: session.passwordConfirmedAt,
    };
  },

  async resolveBearer(secret: string): Promise<AuthContext | null> {
    if (!secret.startsWith(PAT_PREFIX)) return null;
    const token = await authRepository.findActiveTokenByHash(sha256(secret));
    const at = now();
    if (!token || (token.expiresAt && token.expiresAt <= at)) return null;
    const identity = await authRepository.loadIdentity(token.userId);
    if (!identity || identity.user.disabledAt) return null;
    if (!token.lastUsedAt || at.getTime() - token.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
      await authRepository.touchToken(token.id, at);
    }
    return {
      ...identity,
      permissions: tokenPermissions(identity.permissions, token.scopes),
      realUser: identity.user,
      impersonating: false,
      via: 'token',
      sessionId: null,
      tokenId: token.id,
      exp: token.expiresAt ? Math.floor(token.expiresAt.getTime() / 1000) : NEVER_EXPIRES,
      iat: Math.floor(token.createdAt.getTime() / 1000),
      scopes: token.scopes,
      passwordConfirmedAt: null,
    };
  },
});

export type AuthService = ReturnType<typeof createAuthService>;
