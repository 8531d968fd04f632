import { apiDateSchema } from '../api-dates.ts';
import { z } from 'zod';
import { errorItemSchema, listEnvelope, successEnvelope } from '../errors.ts';
import { ID_MAX, idSchema, listQuerySchema } from '../list.ts';
import { EMAIL_MAX_LENGTH } from '../validation.ts';
import { requiredIdSchema } from './companies.ts';
import { mfaTypeSchema } from './user.ts';

/** A row id in a JSON body (paths and query strings use idSchema, which coerces). */
export const bodyIdSchema = z.number().int().min(1).max(ID_MAX);

/**
 * An e-mail address typed into an administration form (spec §5 "Email required"). The browser's
 * own rule (input type=email), like sign-in, so every address an account can have is accepted.
 */
export const formEmailSchema = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .max(EMAIL_MAX_LENGTH)
  .pipe(z.email({ pattern: z.regexes.html5Email, error: 'Enter a valid e-mail address' }));

/** A user as administrators see it (RMS v3 GET /users). */
export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string(),
  company_id: z.number().int(),
  company_name: z.string(),
  /** RMS: the role id (the same as role_id) in the list. */
  role: z.number().int(),
  role_id: z.number().int(),
  role_name: z.string(),
  role_title: z.string(),
  mfa_type: mfaTypeSchema.nullable(),
  email_verified: z.boolean(),
  /** The company's single-sign-on administrator. */
  sso_admin: z.boolean(),
  created_at: apiDateSchema,
  updated_at: apiDateSchema,
});
export type User = z.infer<typeof userSchema>;

/** GET /users answers its total twice: `_total` is RMS's name for it. */
/** Partial rows: `fields=a,b` picks what each user carries (its id always). */
export const userListEnvelopeSchema = listEnvelope(userSchema.partial()).extend({
  meta: z.looseObject({
    total: z.number().int(),
    _total: z.number().int(),
    total_estimated: z.boolean().optional(),
  }),
});

/**
 * One user (RMS v3 GET /users/{id}): the list fields, except that RMS's `role` here is the role's
 * name, plus where the user's company sits in the tree.
 */
export const userDetailSchema = userSchema.omit({ role: true }).extend({
  role: z.string(),
  company_level: z.number().int(),
  company_parent_id: z.number().int().nullable(),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

/** Fields GET /users can sort by; anything else is a 400. */
export const USER_SORT_FIELDS = [
  'id',
  'email',
  'username',
  'company_name',
  'role_title',
  'created_at',
] as const;

/** `role` is a role name (admin, a custom role's name) or a role id. */
export const roleFilterSchema = z.string().trim().min(1).max(64);

export const userListQuerySchema = listQuerySchema.extend({
  role: roleFilterSchema.optional(),
  company_id: idSchema.optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/** PUT /users/{id}/role */
export const updateUserRoleBodySchema = z.object({ role_id: bodyIdSchema });
export type UpdateUserRoleBody = z.infer<typeof updateUserRoleBodySchema>;

export const MOVE_USERS_MAX = 1000;

/** POST /users/move: each user moves on its own; the answer says which ones did. */
export const moveUsersBodySchema = z.object({
  user_id: z.array(bodyIdSchema).min(1, 'Choose at least one user').max(MOVE_USERS_MAX),
  company_id: requiredIdSchema('Company'),
});
export type MoveUsersBody = z.infer<typeof moveUsersBodySchema>;

/**
 * Answer of POST /users/move: the users that moved. When some could not, the envelope also
 * carries `errors` (status 207), one per user, whose `source` is the user id.
 */
export const moveUsersResultSchema = z.object({ moved: z.array(z.number().int()) });
export type MoveUsersResult = z.infer<typeof moveUsersResultSchema>;

/** 207: some users moved, `errors` says why the others did not (`source` = user id). */
export const moveUsersPartialSchema = successEnvelope(moveUsersResultSchema).extend({
  errors: z.array(errorItemSchema),
});

export const userMoveLogSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  user_email: z.string(),
  from_company_id: z.number().int().nullable(),
  from_company_name: z.string(),
  to_company_id: z.number().int().nullable(),
  to_company_name: z.string(),
  moved_by_email: z.string().nullable(),
  created_at: z.string(),
});
export type UserMoveLog = z.infer<typeof userMoveLogSchema>;

export const USER_MOVE_LOG_SORT_FIELDS = [
  'id',
  'created_at',
  'user_email',
  'from_company_name',
  'to_company_name',
] as const;

/** Body of the administration forms that name a user by e-mail (remove MFA, delete, SSO admin). */
export const adminUserEmailBodySchema = z.object({ email: formEmailSchema });
export type AdminUserEmailBody = z.infer<typeof adminUserEmailBodySchema>;

/** An address mail is not sent to (bounces, complaints) until an administrator removes it. */
export const suppressedEmailSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  reason: z.string(),
  created_at: z.string(),
});
export type SuppressedEmail = z.infer<typeof suppressedEmailSchema>;

export const SUPPRESSED_EMAIL_SORT_FIELDS = ['id', 'email', 'created_at'] as const;

/** DELETE /suppressed-emails/{email} */
export const suppressedEmailParamsSchema = z.object({ email: formEmailSchema });

/** POST /user/confirm-impersonation-access: the token from the mailed link. */
export const confirmImpersonationAccessBodySchema = z.object({
  token: z.string().trim().min(1, 'Token is required').max(200),
});
export type ConfirmImpersonationAccessBody = z.infer<typeof confirmImpersonationAccessBodySchema>;

/** How long a mailed impersonation-access link works, and how long confirming it grants. */
export const IMPERSONATION_REQUEST_TTL_HOURS = 24;
export const IMPERSONATION_REQUEST_GRANT_DAYS = 7;
