import { z } from 'zod';
import type { Permission } from '../permissions.ts';
import { EMAIL_MAX_LENGTH } from '../validation.ts';
import { currentUserSchema, mfaTypeSchema } from './user.ts';

// The browser's own e-mail rule (input type=email): a stricter one would lock out valid
// addresses such as admin@localhost-style or one-letter top-level domains (a@b.c).
const accountEmailSchema = z
  .email({ pattern: z.regexes.html5Email, error: 'Enter a valid e-mail address' })
  .max(EMAIL_MAX_LENGTH);

export const loginBodySchema = z.object({
  email: accountEmailSchema,
  password: z.string().min(1, 'Enter your password').max(1024),
  /** The pending sign-in of a MFA_REQUIRED answer, resubmitted with its code (spec §3 MFA data). */
  session_uuid: z.uuid({ error: 'The verification has expired, sign in again' }).optional(),
  /** The authenticator or e-mailed code, or a recovery code (`xxxx-xxxx`). */
  session_code: z.string().trim().max(64).optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const revokeBodySchema = z.object({
  client_id: z.string().max(200).optional(),
  redirect_uri: z.string().max(2000).optional(),
});
export type RevokeBody = z.infer<typeof revokeBodySchema>;
export const revokeResponseSchema = z.object({ location: z.string().optional() });

/**
 * PUT /account/user: accept the terms, and/or give an e-mail address (the shell asks for one when
 * the e-mail equals the username). A new address has to be verified again.
 */
export const updateAccountUserBodySchema = z
  .object({
    tos_accepted: z.literal(true).optional(),
    email: accountEmailSchema.optional(),
  })
  .refine((body) => body.tos_accepted !== undefined || body.email !== undefined, {
    error: 'Nothing to update: send tos_accepted or email',
  });
export type UpdateAccountUserBody = z.infer<typeof updateAccountUserBodySchema>;

export const verifyEmailBodySchema = z.object({ token: z.string().min(1).max(200) });
export type VerifyEmailBody = z.infer<typeof verifyEmailBodySchema>;

/**
 * `data` of a 401 MFA_REQUIRED answer to a login, next to `errors`:
 * `{"success":false,"errors":[{"code":"MFA_REQUIRED","message":"Enter the verification code","source":null}],"data":{"mfa_type":"totp","session_uuid":"…"}}`.
 * Resubmit the login with `session_uuid` and the code as `session_code`. A wrong code answers the
 * same with 'Invalid verification code'; after MFA_MAX_ATTEMPTS wrong codes the pending sign-in is
 * dropped and the answer ('Too many attempts, request a new code') has no `session_uuid`: sign in
 * again without session data for a fresh one (e-mail users get a new code).
 */
export const mfaChallengeSchema = z.object({
  mfa_type: mfaTypeSchema,
  session_uuid: z.string().optional(),
});
export type MfaChallenge = z.infer<typeof mfaChallengeSchema>;

/** Scopes of personal access tokens and the permissions each one lends (RMS API v3 names). */
export const TOKEN_SCOPES = {
  'devices:read': [
    'view_devices',
    'view_device_logs',
    'view_device_dashboard',
    'view_device_hotspots',
    'view_wireless_information',
  ],
  'devices:write': [
    'create_devices',
    'update_devices',
    'delete_devices',
    'update_monitoring',
    'create_multi_configuration',
  ],
  'device_remote_access:read': ['view_device_remote_access'],
  'device_remote_access:write': ['manage_device_remote_access'],
  'device_tasks:read': ['view_device_task_groups'],
  'device_tasks:write': ['manage_device_task_groups'],
  'device_alerts:read': ['view_device_alert_configurations'],
  'device_alerts:write': ['manage_device_alert_configurations'],
  'vpn:read': ['view_vpn_hubs'],
  'vpn:write': ['manage_vpn_hubs'],
  'companies:read': ['view_companies', 'access_child_companies'],
  'companies:write': ['manage_companies'],
  'users:read': [
    'view_users',
    'view_user_invitations',
    'view_roles',
    'view_permissions',
    'view_impersonation_logs',
  ],
  'users:write': ['manage_users', 'invite_users', 'manage_roles'],
  'tags:read': ['view_tags'],
  'tags:write': ['manage_tags'],
  'files:read': ['view_files', 'view_images'],
  'files:write': ['manage_files', 'manage_images'],
  'reports:read': ['view_reports'],
  'reports:write': ['manage_reports'],
  'credits:read': [
    'view_credits',
    'view_credits_summary',
    'view_credit_transfer_codes',
    'view_company_data_history',
  ],
  'webhooks:write': ['manage_webhooks'],
  'credits:write': [
    'manage_credits',
    'move_devices_credits',
    'manage_credit_transfer_codes',
    'activate_credit_transfer_codes',
  ],
} as const satisfies Record<string, readonly Permission[]>;
export type TokenScope = keyof typeof TOKEN_SCOPES;
export const TOKEN_SCOPE_NAMES = Object.keys(TOKEN_SCOPES) as [TokenScope, ...TokenScope[]];

export const tokenScopeSchema = z.enum(TOKEN_SCOPE_NAMES);

export const createTokenBodySchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100),
  scopes: z.array(tokenScopeSchema).min(1, 'Choose at least one scope'),
  /** ISO date; absent means the token does not expire. */
  expires_at: z.iso.datetime({ offset: true }).optional(),
});
export type CreateTokenBody = z.infer<typeof createTokenBodySchema>;

export const personalAccessTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.string()),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type PersonalAccessToken = z.infer<typeof personalAccessTokenSchema>;

/** Only the create answer carries the secret, once. */
export const createdTokenSchema = personalAccessTokenSchema.extend({ token: z.string() });
export type CreatedToken = z.infer<typeof createdTokenSchema>;

export const IMPERSONATION_ACCESS_MAX_DAYS = 30;

export const impersonationAccessBodySchema = z.object({
  until: z.iso.datetime({ offset: true }),
});
export type ImpersonationAccessBody = z.infer<typeof impersonationAccessBodySchema>;

export const impersonationLogSchema = z.object({
  id: z.number().int(),
  impersonator_id: z.number().int(),
  impersonator_email: z.string(),
  user_id: z.number().int(),
  user_email: z.string(),
  company_id: z.number().int(),
  company_name: z.string(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  ip: z.string().nullable(),
});
export type ImpersonationLog = z.infer<typeof impersonationLogSchema>;

/** Answer of login, impersonation start/cancel and PUT /account/user: the (acting) current user. */
export const sessionUserResponseSchema = z.object({ user: currentUserSchema });
export type SessionUserResponse = z.infer<typeof sessionUserResponseSchema>;

/** Answer of POST /account/token/refresh: when the new access token expires (epoch seconds). */
export const refreshResponseSchema = z.object({ exp: z.number().int() });
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

/** Answer of PUT /api/user/impersonation-access and POST /api/user/revoke-impersonation-access. */
export const impersonationAccessResponseSchema = z.object({
  impersonation_access_limit: z.string().nullable(),
});
export type ImpersonationAccessResponse = z.infer<typeof impersonationAccessResponseSchema>;
