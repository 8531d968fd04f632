import { apiDateSchema } from '../api-dates.ts';
import { z } from 'zod';
import { idSchema, listQuerySchema } from '../list.ts';
import { companyNameFieldSchema, requiredIdSchema } from './companies.ts';
import { newPasswordPairSchema } from './password.ts';
import { bodyIdSchema, formEmailSchema, roleFilterSchema } from './users.ts';

/** How long an invitation link works, and how often it may be mailed again. */
export const INVITATION_TTL_DAYS = 7;
export const INVITATION_RESEND_INTERVAL_SECONDS = 60;

export const INVITATION_STATUSES = ['pending', 'expired', 'accepted'] as const;
export const invitationStatusSchema = z.enum(INVITATION_STATUSES);
export type InvitationStatus = z.infer<typeof invitationStatusSchema>;

/** An invitation as administrators see it (RMS v3 GET /users/invitations). */
export const invitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  company_id: z.number().int(),
  company_name: z.string(),
  role_id: z.number().int(),
  /** RMS: the role's name (the same as role_name). */
  role: z.string(),
  role_name: z.string(),
  role_title: z.string(),
  /** Why mail to this address is suppressed (a bounce or complaint); null while it is not. */
  bounce_status: z.string().nullable(),
  /** Null once the inviter's account is gone. */
  invited_by_email: z.string().nullable(),
  /** "Invite new company": registering creates a subsidiary of `company_id`. */
  new_company: z.boolean(),
  status: invitationStatusSchema,
  created_at: apiDateSchema,
  expires_at: z.string(),
  last_sent_at: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/**
 * What inviting (POST /users/invite, POST /distributors/invitations) and mailing again answer.
 * Without an SMTP server nothing is mailed, so the one-time registration link comes back to the
 * inviter, who hands it on; it is absent whenever a mail server is configured (even if sending
 * failed: the link then exists only in the mail, and the inviter can send it again).
 */
export const sentInvitationSchema = invitationSchema.extend({
  invitation_link: z.url().optional(),
});
export type SentInvitation = z.infer<typeof sentInvitationSchema>;

export const INVITATION_SORT_FIELDS = [
  'id',
  'email',
  'company_name',
  'role_title',
  'status',
  'created_at',
  'expires_at',
] as const;

export const invitationListQuerySchema = listQuerySchema.extend({
  role: roleFilterSchema.optional(),
  company_id: idSchema.optional(),
  status: invitationStatusSchema.optional(),
});
export type InvitationListQuery = z.infer<typeof invitationListQuerySchema>;

/** POST /users/invite. `role` is a role id, or the name of a default role (admin, end_user...). */
export const inviteUserBodySchema = z.object({
  email: formEmailSchema,
  company_id: requiredIdSchema('Company'),
  role: z.union([bodyIdSchema, z.string().trim().min(1, 'Role is required').max(64)], {
    error: 'Role is required',
  }),
});
export type InviteUserBody = z.infer<typeof inviteUserBodySchema>;

/** POST /distributors/invitations ("invite new company"); the invitee names the company. */
export const inviteCompanyBodySchema = z.object({
  email: formEmailSchema,
  /** A suggestion shown in the mail; the invitee chooses the name when registering. */
  company_name: companyNameFieldSchema.optional(),
});
export type InviteCompanyBody = z.infer<typeof inviteCompanyBodySchema>;

export const invitationTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

/** GET /account/invitations/{token}: what the registration page shows. */
export const invitationDetailsSchema = z.object({
  email: z.string(),
  /** The company joined; for a new company, the one it will be created under. */
  company_name: z.string(),
  role_title: z.string(),
  inviter_email: z.string().nullable(),
  new_company: z.boolean(),
});
export type InvitationDetails = z.infer<typeof invitationDetailsSchema>;

export const INVITATION_NOT_FOUND_MESSAGE = 'Invitation not found or expired';

/**
 * POST /account/invitations/{token}/register. `company_name` is required (and only used) when the
 * invitation is for a new company; the server checks that against the invitation.
 */
export const registerInvitationBodySchema = newPasswordPairSchema.extend({
  /** Default: the part of the e-mail address before the @. */
  username: z.string().trim().min(1).max(255).optional(),
  company_name: companyNameFieldSchema.optional(),
});
export type RegisterInvitationBody = z.infer<typeof registerInvitationBodySchema>;
