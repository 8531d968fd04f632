import { z } from 'zod';

export const MFA_TYPES = ['email', 'teltonika_id', 'totp'] as const;
export const mfaTypeSchema = z.enum(MFA_TYPES);

/** The signed-in user as GET /api/user returns it (spec §3 Current user). */
export const currentUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string(),
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
  token: z.object({
    /** Present while impersonating: who is really acting. */
    act: z.object({ sub: z.number().int(), email: z.string() }).optional(),
  }),
  isImpersonating: z.boolean(),
  /** Until when this user lets support impersonate them (ISO date), null when not granted. */
  impersonation_access_limit: z.string().nullable(),
  country_iso_code: z.string().nullable(),
  show_payment: z.boolean(),
  show_payment_control: z.boolean(),
  permissions: z.array(z.string()),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** Impersonation is active only while the limit date is in the future (spec §4). */
export const hasImpersonationAccess = (
  user: Pick<CurrentUser, 'impersonation_access_limit'>,
  now = Date.now(),
) => user.impersonation_access_limit !== null && Date.parse(user.impersonation_access_limit) > now;
