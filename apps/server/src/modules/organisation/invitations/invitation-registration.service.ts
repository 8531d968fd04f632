import {
  COMPANY_MESSAGES,
  COMPANY_PARENT_LEVELS,
  INVITATION_NOT_FOUND_MESSAGE,
  type InvitationDetails,
  type RegisterInvitationBody,
} from '@netfleet/contracts';
import { isUniqueViolation } from '@/db/errors';
import { conflict, invalid, notFound, unauthorized } from '@/lib/api-error';
import { sha256 } from '@/lib/crypto';
import { hashPassword } from '@/lib/passwords';
import type { ActionLogService } from '@/modules/system/action-log/action-log.service';
import type { AuthRepository } from '@/modules/identity/auth/auth.repository';
import {
  type RunInTransaction,
  type SessionService,
  sessionContext,
} from '@/modules/identity/auth/session.service';
import type { NotificationsService } from '@/modules/system/notifications/notifications.service';
import type { InvitationsRepository } from './invitations.repository';

interface Deps {
  invitationsRepository: InvitationsRepository;
  authRepository: Pick<AuthRepository, 'findUserByEmail' | 'loadIdentity'>;
  sessionService: Pick<SessionService, 'start'>;
  notifications: Pick<NotificationsService, 'notify'>;
  actionLog: ActionLogService;
  transaction: RunInTransaction;
  now: () => Date;
}

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

const invitationNotFound = () => notFound(INVITATION_NOT_FOUND_MESSAGE);
const emailTaken = () => conflict('A user with this e-mail already exists', 'email');

/**
 * The invitee's side (public, the token is the credential): see the invitation, then register,
 * which signs them in exactly like POST /account/login and tells the inviter.
 *
 * Tokens are 256 random bits, so guessing one is hopeless and no attempt counting is needed.
 */
export const createInvitationRegistrationService = (deps: Deps) => {
  const { invitationsRepository, authRepository, actionLog, transaction, now } = deps;

  const findPending = async (token: string) => {
    const row = await invitationsRepository.findPendingByToken(sha256(token), now());
    if (!row) throw invitationNotFound();
    return row;
  };

  return {
    async details(token: string): Promise<InvitationDetails> {
      const row = await findPending(token);
      return {
        email: row.email,
        company_name: row.companyName,
        role_title: row.roleTitle,
        inviter_email: row.invitedByEmail,
        new_company: row.newCompany,
      };
    },

    /**
     * Creates the user (e-mail verified: the invitation proved the address; terms not yet
     * accepted), and for a new-company invitation the subsidiary they administer.
     */
    async register(token: string, body: RegisterInvitationBody, meta: RequestMeta) {
      const pending = await findPending(token);
      if (pending.newCompany && !body.company_name) {
        throw invalid('Company name is required', 'company_name');
      }
      // argon2 is slow on purpose: only for a link that works, and outside the transaction.
      const passwordHash = await hashPassword(body.password);
      const at = now();
      let created;
      try {
        created = await transaction(async (tx) => {
          const accepted = await invitationsRepository.accept(sha256(token), at, tx);
          if (!accepted) throw invitationNotFound();
          const { invitation } = accepted;
          let company = accepted.company;
          if (invitation.newCompany) {
            const name = body.company_name ?? '';
            if (!(COMPANY_PARENT_LEVELS as readonly number[]).includes(company.level)) {
              throw invalid(COMPANY_MESSAGES.parentLevel, 'company_name');
            }
            if (await invitationsRepository.companyNameTaken(company.id, name, tx)) {
              throw conflict(COMPANY_MESSAGES.duplicateName, 'company_name');
            }
            company = await invitationsRepository.createSubsidiary(company, name, tx);
          }
          if (await authRepository.findUserByEmail(invitation.email, tx)) throw emailTaken();
          const user = await invitationsRepository.insertUser(
            {
              email: invitation.email.toLowerCase(),
              // Not the whole address: the console asks users whose username equals their
              // e-mail to enter an e-mail address (spec §4), which an invitee already has.
              username: body.username ?? invitation.email.split('@')[0] ?? invitation.email,
              passwordHash,
              companyId: company.id,
              roleId: invitation.roleId,
              emailVerifiedAt: at,
            },
            tx,
          );
          await actionLog.record(
            { userId: user.id, companyId: company.id, ip: meta.ip },
            'invitation_accept',
            { entity: 'invitation', entityId: invitation.id, details: { company_id: company.id } },
            tx,
          );
          return { user, company, inviterId: invitation.invitedBy };
        });
      } catch (error) {
        // Another registration took the address between the check and the insert.
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
      const { user, company, inviterId } = created;

      const tokens = await deps.sessionService.start(user, meta);
      const identity = await authRepository.loadIdentity(user.id);
      if (!identity) throw unauthorized();
      await actionLog.record({ userId: user.id, companyId: company.id, ip: meta.ip }, 'login', {
        entity: 'session',
        entityId: tokens.sessionId,
      });
      if (inviterId !== null) {
        await deps.notifications.notify(
          inviterId,
          'invitedUserRegistration',
          `${user.email} registered in ${company.name}`,
        );
      }
      return { tokens, auth: sessionContext(identity, tokens) };
    },
  };
};

export type InvitationRegistrationService = ReturnType<typeof createInvitationRegistrationService>;
