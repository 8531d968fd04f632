import {
  COMPANY_MESSAGES,
  COMPANY_PARENT_LEVELS,
  DEFAULT_ROLES,
  defaultRole,
  ERROR_CODES,
  ID_MAX,
  INVITATION_RESEND_INTERVAL_SECONDS,
  INVITATION_TTL_DAYS,
  type Invitation,
  type InvitationListQuery,
  type InviteCompanyBody,
  type InviteUserBody,
  type SentInvitation,
} from '@netfleet/contracts';
import { ApiError, conflict, forbidden, invalid, notFound } from '@/lib/api-error';
import { randomToken, sha256 } from '@/lib/crypto';
import { actorOf, type ActionLogService } from '@/modules/system/action-log/action-log.service';
import type { AuthRepository } from '@/modules/identity/auth/auth.repository';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { RunInTransaction } from '@/modules/identity/auth/session.service';
import type { Delivery, MailService } from '@/modules/system/mail/mail.service';
import type { RoleAssignment } from '@/modules/organisation/roles/roles.service';
import { invitationLink, invitationMail } from './invitation-mail';
import type { InvitationRow, InvitationsRepository } from './invitations.repository';
import { toApiDate } from '@/lib/dates';

const DAY_MS = 24 * 60 * 60 * 1000;

interface Deps {
  invitationsRepository: InvitationsRepository;
  authRepository: Pick<AuthRepository, 'findUserByEmail'>;
  roles: RoleAssignment;
  mail: Pick<MailService, 'deliver'>;
  actionLog: ActionLogService;
  transaction: RunInTransaction;
  publicUrl: string;
  now: () => Date;
}

export const toInvitation = (row: InvitationRow): Invitation => ({
  id: row.id,
  email: row.email,
  company_id: row.companyId,
  company_name: row.companyName,
  role_id: row.roleId,
  role: row.roleName,
  role_name: row.roleName,
  role_title: row.roleTitle,
  bounce_status: row.bounceStatus,
  invited_by_email: row.invitedByEmail,
  new_company: row.newCompany,
  status: row.status,
  created_at: toApiDate(row.createdAt),
  expires_at: row.expiresAt.toISOString(),
  last_sent_at: row.lastSentAt.toISOString(),
});

const invitationNotFound = () => notFound('Invitation not found');
const companyNotFound = () =>
  new ApiError(404, ERROR_CODES.NOT_FOUND, COMPANY_MESSAGES.notFound, 'company_id');
const roleRefused = () =>
  new ApiError(403, ERROR_CODES.FORBIDDEN, 'You cannot invite users with this role', 'role');

/** A role id, a numeric string (select values arrive as text) or a default role's name. */
const roleIdOf = (role: number | string): number | null => {
  if (typeof role === 'number') return role;
  if (/^\d+$/.test(role)) return Number(role) <= ID_MAX ? Number(role) : null;
  return DEFAULT_ROLES.find((candidate) => candidate.name === role)?.id ?? null;
};

/** Invitations to register: created, listed, mailed again and withdrawn by administrators. */
export const createInvitationsService = (deps: Deps) => {
  const { invitationsRepository, authRepository, roles, actionLog, transaction, now } = deps;

  const findVisible = async (auth: AuthContext, id: number) => {
    const row = await invitationsRepository.findVisible(auth, id, now());
    if (!row) throw invitationNotFound();
    return row;
  };

  /** One account per address, and one open invitation per address. */
  const refuseTakenEmail = async (email: string, at: Date) => {
    if (await authRepository.findUserByEmail(email)) {
      throw conflict('A user with this e-mail already exists', 'email');
    }
    if (await invitationsRepository.hasPending(email, at)) {
      throw conflict('This e-mail address already has a pending invitation', 'email');
    }
  };

  /**
   * A failed delivery leaves the invitation in place: the mail log shows why, and the
   * administrator can send it again.
   */
  const sendMail = (
    row: InvitationRow,
    token: string,
    auth: AuthContext,
    suggestedCompanyName?: string,
  ) =>
    deps.mail.deliver(
      invitationMail(deps.publicUrl, {
        to: row.email,
        token,
        inviterEmail: row.invitedByEmail ?? auth.user.email,
        companyName: row.companyName,
        roleTitle: row.roleTitle,
        newCompany: row.newCompany,
        suggestedCompanyName,
      }),
    );

  /**
   * Without an SMTP server the mail only waits in the outbox, so the inviter gets the link to hand
   * on; whoever may invite into the company may give it. Never when a server is configured.
   */
  const answer = (row: InvitationRow, token: string, delivery: Delivery): SentInvitation => ({
    ...toInvitation(row),
    ...(delivery.ok && delivery.outbox
      ? { invitation_link: invitationLink(deps.publicUrl, token) }
      : {}),
  });

  const create = async (
    auth: AuthContext,
    values: { email: string; companyId: number; roleId: number; newCompany: boolean },
    ip: string,
    suggestedCompanyName?: string,
  ): Promise<SentInvitation> => {
    const at = now();
    const token = randomToken();
    const id = await transaction(async (tx) => {
      const created = await invitationsRepository.insert(
        {
          ...values,
          email: values.email.toLowerCase(),
          invitedBy: auth.user.id,
          tokenHash: sha256(token),
          expiresAt: new Date(at.getTime() + INVITATION_TTL_DAYS * DAY_MS),
          lastSentAt: at,
          createdAt: at,
        },
        tx,
      );
      await actionLog.record(
        actorOf(auth, ip),
        'user_invite',
        { entity: 'invitation', entityId: created, details: { email: values.email } },
        tx,
      );
      return created;
    });
    const row = await findVisible(auth, id);
    return answer(row, token, await sendMail(row, token, auth, suggestedCompanyName));
  };

  return {
    async list(
      auth: AuthContext,
      query: InvitationListQuery,
    ): Promise<{ data: Invitation[]; total: number }> {
      const { rows, total } = await invitationsRepository.list(auth, query, now());
      return { data: rows.map(toInvitation), total };
    },

    /** POST /users/invite: someone joins a company you see, with a role you may give there. */
    async invite(auth: AuthContext, body: InviteUserBody, ip: string): Promise<SentInvitation> {
      const company = await invitationsRepository.findVisibleCompany(auth, body.company_id);
      if (!company) throw companyNotFound();
      const roleId = roleIdOf(body.role);
      if (roleId === null || !(await roles.canAssignRole(auth, roleId, company.id))) {
        throw roleRefused();
      }
      await refuseTakenEmail(body.email, now());
      return create(
        auth,
        { email: body.email, companyId: company.id, roleId, newCompany: false },
        ip,
      );
    },

    /**
     * POST /distributors/invitations ("invite new company"): the invitee registers as the
     * administrator of a new subsidiary of the caller's company.
     */
    async inviteCompany(auth: AuthContext, body: InviteCompanyBody, ip: string) {
      if (!auth.permissions.has('invite_users')) throw forbidden();
      if (!(COMPANY_PARENT_LEVELS as readonly number[]).includes(auth.company.level)) {
        throw invalid(COMPANY_MESSAGES.parentLevel, null);
      }
      const adminId = defaultRole('admin').id;
      if (!(await roles.canAssignRole(auth, adminId, auth.company.id))) throw roleRefused();
      await refuseTakenEmail(body.email, now());
      return create(
        auth,
        { email: body.email, companyId: auth.company.id, roleId: adminId, newCompany: true },
        ip,
        body.company_name,
      );
    },

    /** A new link (the old one stops working) and a new week, at most once a minute. */
    async resend(auth: AuthContext, id: number, ip: string): Promise<SentInvitation> {
      const row = await findVisible(auth, id);
      if (row.status === 'accepted') throw invalid('This invitation was already accepted', null);
      const at = now();
      if (at.getTime() - row.lastSentAt.getTime() < INVITATION_RESEND_INTERVAL_SECONDS * 1000) {
        throw invalid('The invitation was just sent. Try again in a minute.', null);
      }
      // Whoever sends it now vouches for the role, as if inviting anew.
      if (!(await roles.canAssignRole(auth, row.roleId, row.companyId))) throw roleRefused();
      if (await authRepository.findUserByEmail(row.email)) {
        throw conflict('A user with this e-mail already exists', 'email');
      }
      const token = randomToken();
      await transaction(async (tx) => {
        await invitationsRepository.renew(
          row.id,
          {
            tokenHash: sha256(token),
            expiresAt: new Date(at.getTime() + INVITATION_TTL_DAYS * DAY_MS),
            lastSentAt: at,
          },
          tx,
        );
        await actionLog.record(
          actorOf(auth, ip),
          'invitation_resend',
          { entity: 'invitation', entityId: row.id },
          tx,
        );
      });
      const renewed = await findVisible(auth, id);
      return answer(renewed, token, await sendMail(renewed, token, auth));
    },

    /** The link stops working; an accepted invitation's user stays. */
    async remove(auth: AuthContext, id: number, ip: string) {
      const row = await findVisible(auth, id);
      await transaction(async (tx) => {
        await invitationsRepository.remove(row.id, tx);
        await actionLog.record(
          actorOf(auth, ip),
          'invitation_delete',
          { entity: 'invitation', entityId: row.id, details: { email: row.email } },
          tx,
        );
      });
    },
  };
};

export type InvitationsService = ReturnType<typeof createInvitationsService>;
