import {
  type CurrentToken,
  type CurrentUser,
  mfaTypeSchema,
  TOKEN_SCOPE_NAMES,
} from '@netfleet/contracts';
import { isoOrNull } from '@/lib/dates';
import type { AuthContext } from './auth.types';

/** What the caller's context does not carry: who issues tokens and the latest sign-in. */
export interface CurrentUserExtras {
  /** This server's public URL (the token's `iss`). */
  issuer?: string;
  lastLoginAt?: Date | null;
}

/** RMS's token description of the credential the request came with. */
const tokenOf = (auth: AuthContext, issuer: string): CurrentToken => {
  const iat = auth.iat ?? auth.exp;
  return {
    jti: auth.via === 'token' ? String(auth.tokenId ?? '') : (auth.sessionId ?? ''),
    iss: issuer,
    iat,
    nbf: iat,
    exp: auth.exp,
    sub: String(auth.user.id),
    client_id: null,
    first_party: auth.via === 'session',
    ...(auth.impersonating ? { act: { sub: auth.realUser.id, email: auth.realUser.email } } : {}),
  };
};

/** GET /api/user: every Current-user field of spec §3 and RMS GET /user, for the acting user. */
export const toCurrentUser = (auth: AuthContext, extras: CurrentUserExtras = {}): CurrentUser => {
  const { user, company, role } = auth;
  return {
    id: user.id,
    first_name: null,
    last_name: null,
    avatar_path: user.avatarUrl,
    email: user.email,
    username: user.username,
    terms_conditions: user.tosAccepted,
    last_login_at: isoOrNull(extras.lastLoginAt ?? null),
    email_verified: user.emailVerifiedAt !== null,
    avatar_url: user.avatarUrl,
    company_id: company.id,
    company_name: company.name,
    company: {
      id: company.id,
      parent_id: company.parentId,
      name: company.name,
      level: company.level,
      show_payment: company.showPayment,
    },
    role,
    role_id: role.id,
    role_title: role.title,
    tos_accepted: user.tosAccepted,
    // A method name this build does not know reads as none rather than failing the whole user.
    mfa_type: mfaTypeSchema.safeParse(user.mfaType).data ?? null,
    exp: auth.exp,
    token: tokenOf(auth, extras.issuer ?? ''),
    scope: auth.scopes ? [...auth.scopes] : [...TOKEN_SCOPE_NAMES],
    isImpersonating: auth.impersonating,
    impersonation_access_limit: isoOrNull(user.impersonationAccessLimit),
    country_iso_code: user.countryIsoCode,
    show_payment: company.showPayment,
    show_payment_control: company.level === 1,
    permissions: [...auth.permissions].sort(),
  };
};
