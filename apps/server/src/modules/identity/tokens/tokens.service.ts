import type { CreatedToken, CreateTokenBody, PersonalAccessToken } from '@netfleet/contracts';
import { forbidden, invalid, notFound } from '@/lib/api-error';
import { randomToken, sha256 } from '@/lib/crypto';
import { isoOrNull } from '@/lib/dates';
import { actorOf, type ActionLogService } from '@/modules/system/action-log/action-log.service';
import { PAT_PREFIX } from '@/modules/identity/auth/auth.service';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { TokenRow, TokensRepository } from './tokens.repository';

/** How much of the secret is kept in clear so users can tell their tokens apart. */
const VISIBLE_PREFIX_LENGTH = PAT_PREFIX.length + 6;

const toApi = (row: TokenRow): PersonalAccessToken => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes,
  created_at: row.createdAt.toISOString(),
  last_used_at: isoOrNull(row.lastUsedAt),
  expires_at: isoOrNull(row.expiresAt),
});

/** Tokens are managed by the person themselves, never through an impersonation. */
const requireOwnSession = (auth: AuthContext) => {
  if (auth.impersonating) throw forbidden('Tokens cannot be managed while impersonating');
};

interface Deps {
  tokensRepository: TokensRepository;
  actionLog: ActionLogService;
  now: () => Date;
}

/** Personal access tokens (Bearer) for API clients, with scopes that narrow the role's permissions. */
export const createTokensService = ({ tokensRepository, actionLog, now }: Deps) => ({
  async list(auth: AuthContext): Promise<PersonalAccessToken[]> {
    return (await tokensRepository.listActive(auth.user.id)).map(toApi);
  },

  async create(auth: AuthContext, body: CreateTokenBody, ip: string): Promise<CreatedToken> {
    requireOwnSession(auth);
    const expiresAt = body.expires_at ? new Date(body.expires_at) : null;
    if (expiresAt && expiresAt <= now())
      throw invalid('The expiry date must be in the future', 'expires_at');
    const secret = `${PAT_PREFIX}${randomToken()}`;
    const row = await tokensRepository.create({
      userId: auth.user.id,
      name: body.name,
      prefix: secret.slice(0, VISIBLE_PREFIX_LENGTH),
      tokenHash: sha256(secret),
      scopes: [...new Set(body.scopes)],
      expiresAt,
    });
    await actionLog.record(actorOf(auth, ip), 'token_create', {
      entity: 'personal_access_token',
      entityId: row.id,
      details: { name: row.name, scopes: row.scopes },
    });
    return { ...toApi(row), token: secret };
  },

  async revoke(auth: AuthContext, id: number, ip: string) {
    requireOwnSession(auth);
    if (!(await tokensRepository.revoke(id, auth.user.id, now())))
      throw notFound('Token not found');
    await actionLog.record(actorOf(auth, ip), 'token_revoke', {
      entity: 'personal_access_token',
      entityId: id,
    });
  },
});

export type TokensService = ReturnType<typeof createTokensService>;
