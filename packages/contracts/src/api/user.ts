import { z } from 'zod';

export const MFA_TYPES = ['email', 'teltonika_id', 'totp'] as const;
export const mfaTypeSchema = z.enum(MFA_TYPES);

/**
 * The credential the request authenticated with, as RMS describes its token (RMS GET /user
 * `token`): the session (its id as jti, first_party) or the personal access token.
 */
export const currentTokenSchema = z.object({
  /** The session id, or the personal access token's id. */
  jti: z.string(),
  /** This server's public URL. */
  iss: z.string(),
  /** Issued at, seconds since the epoch (the access token, or the personal access token's creation). */
  iat: z.number().int(),
  nbf: z.number().int(),
  /** Expiry, seconds since the epoch (9999-12-31 for a token that never expires). */
  exp: z.number().int(),
  /** The user id. */
  sub: z.string(),
  /** OAuth client; null: netfleet has no OAuth clients. */
  client_id: z.string().nullable(),
  /** True for the console's own session, false for a personal access token. */
  first_party: z.boolean(),
  /** Present while impersonating: who is really acting. */
  act: z.object({ sub: z.number().int(), email: z.string() }).optional(),
});
export type CurrentToken = z.infer<typeof currentTokenSchema>;

/** The signed-in user (spec §3 Current user), RMS GET /user's fields first. */
export const currentUserSchema = z.object({
  id: z.number().int(),
  /** netfleet keeps no first and last names: null. */
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  avatar_path: z.string().nullable(),
  email: z.string(),
  username: z.string(),
  terms_conditions: z.boolean(),
  /** The user's latest sign-in (ISO date), null when none is recorded. */
  last_login_at: z.string().nullable(),
  email_verified: z.boolean(),
  avatar_url: z.string().nullable(),
  company_id: z.number().int(),
  company_name: z.string(),
  company: z.object({
    id: z.number().int(),
    parent_id: z.number().int().nullable(),
    name: z.string(),
    level: z.number().int(),
    show_payment: z.boolean(),
  }),
  role: z.object({ id: z.number().int(), name: z.string(), title: z.string() }),
  role_id: z.number().int(),
  role_title: z.string(),
  tos_accepted: z.boolean(),
  mfa_type: mfaTypeSchema.nullable(),
  /** Access token expiry, seconds since the epoch. */
  exp: z.number().int(),
  token: currentTokenSchema,
  /** The token scopes the request holds: a personal access token's, or every scope for a session. */
  scope: z.array(z.string()),
  isImpersonating: z.boolean(),
  /** Until when this user lets support impersonate them (ISO date), null when not granted. */
  impersonation_access_limit: z.string().nullable(),
  country_iso_code: z.string().nullable(),
  show_payment: z.boolean(),
  show_payment_control: z.boolean(),
  permissions: z.array(z.string()),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** GET /api/user: RMS answers the user's fields at the top level, next to `success`. */
export const currentUserResponseSchema = currentUserSchema.extend({ success: z.literal(true) });

/** Impersonation is active only while the limit date is in the future (spec §4). */
export const hasImpersonationAccess = (
  user: Pick<CurrentUser, 'impersonation_access_limit'>,
  now = Date.now(),
) => user.impersonation_access_limit !== null && Date.parse(user.impersonation_access_limit) > now;
