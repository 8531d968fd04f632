import {
  IMPERSONATION_ACCESS_MAX_DAYS,
  IMPERSONATION_REQUEST_GRANT_DAYS,
  IMPERSONATION_REQUEST_TTL_HOURS,
  type ImpersonationLog,
  type ListQuery,
} from '@netfleet/contracts';
import type { Executor } from '@/db/client';
import { conflict, forbidden, invalid, notFound } from '@/lib/api-error';
import { randomToken, sha256 } from '@/lib/crypto';
import { isoOrNull } from '@/lib/dates';
import { actorOf, type ActionLogService } from '@/modules/system/action-log/action-log.service';
import type { AuthRepository } from '@/modules/identity/auth/auth.repository';
import { isSuperAdmin } from '@/modules/identity/auth/auth.service';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { SessionRepository } from '@/modules/identity/auth/session.repository';
import {
  type RunInTransaction,
  type SessionService,
  sessionContext,
} from '@/modules/identity/auth/session.service';
import type { MailService } from '@/modules/system/mail/mail.service';
import { canSeeCompany } from '@/db/company-scope';
import type { ImpersonationRepository } from './impersonation.repository';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** One access request mail per minute and user, so nobody is mail-bombed. */
const REQUEST_INTERVAL_MS = 60 * 1000;
/** Clock skew between browser and server must not turn "30 days from now" into 30 days + 1 s. */
const LIMIT_TOLERANCE_MS = 5 * 60 * 1000;

interface Deps {
  impersonationRepository: ImpersonationRepository;
  authRepository: AuthRepository;
  sessionRepository: SessionRepository;
  sessionService: SessionService;
  actionLog: ActionLogService;
  transaction: RunInTransaction;
  mail: Pick<MailService, 'send'>;
  publicUrl: string;
  now: () => Date;
}

const sessionOf = (auth: AuthContext) => {
  if (!auth.sessionId) throw forbidden('Impersonation needs a browser session');
  return auth.sessionId;
};

export const createImpersonationService = (deps: Deps) => {
  const {
    impersonationRepository,
    authRepository,
    sessionRepository,
    sessionService,
    actionLog,
    transaction,
    now,
  } = deps;

  /** Lets support act as the user until `date`: in the future, at most 30 days ahead. */
  const grant = async (userId: number, date: Date, tx?: Executor) => {
    const at = now().getTime();
    if (date.getTime() <= at) throw invalid('The date must be in the future', 'until');
    if (date.getTime() > at + IMPERSONATION_ACCESS_MAX_DAYS * DAY_MS + LIMIT_TOLERANCE_MS) {
      throw invalid(`The date can be at most ${IMPERSONATION_ACCESS_MAX_DAYS} days ahead`, 'until');
    }
    await impersonationRepository.setAccessLimit(userId, date, tx);
  };

  return {
    async start(auth: AuthContext, targetId: number, ip: string) {
      const sessionId = sessionOf(auth);
      if (auth.impersonating) throw forbidden('Cancel the current impersonation first');
      if (targetId === auth.user.id) throw forbidden('You cannot impersonate yourself');
      const target = await authRepository.loadIdentity(targetId);
      // Users of companies the caller cannot see (other trees; subsidiaries without
      // access_child_companies) do not exist as far as the caller can tell.
      if (!target || !canSeeCompany(auth, target.company)) throw notFound('User not found');
      const callerIsSuperAdmin = isSuperAdmin(auth.permissions);
      if (isSuperAdmin(target.permissions) && !callerIsSuperAdmin) {
        throw forbidden('Only a system administrator can impersonate a system administrator');
      }
      if (target.user.disabledAt) throw forbidden('This user is disabled');
      const limit = target.user.impersonationAccessLimit;
      if (!callerIsSuperAdmin && !(limit && limit > now())) {
        throw forbidden('This user has not granted impersonation access');
      }
      await transaction(async (tx) => {
        await sessionRepository.setActingUser(sessionId, targetId, tx);
        await impersonationRepository.insertLog(
          { impersonatorId: auth.user.id, userId: targetId, sessionId, ip },
          tx,
        );
        await actionLog.record(
          actorOf(auth, ip),
          'impersonation_start',
          { entity: 'user', entityId: targetId },
          tx,
        );
      });
      const tokens = await sessionService.reissueAccess(sessionId, targetId, auth.user);
      return {
        tokens,
        auth: sessionContext(target, tokens, auth.user, auth.passwordConfirmedAt),
      };
    },

    async cancel(auth: AuthContext, ip: string) {
      const sessionId = sessionOf(auth);
      if (!auth.impersonating) throw conflict('You are not impersonating anyone');
      await transaction(async (tx) => {
        await sessionRepository.endImpersonation(sessionId, now(), tx);
        await actionLog.record(
          actorOf(auth, ip),
          'impersonation_stop',
          { entity: 'user', entityId: auth.user.id },
          tx,
        );
      });
      const real = await authRepository.loadIdentity(auth.realUser.id);
      if (!real) throw notFound('User not found');
      const tokens = await sessionService.reissueAccess(sessionId, real.user.id, real.user);
      return {
        tokens,
        auth: sessionContext(real, tokens, real.user, auth.passwordConfirmedAt),
      };
    },

    /** The user lets support act as them until `until` (at most 30 days ahead). */
    async grantAccess(auth: AuthContext, until: string): Promise<string | null> {
      if (auth.impersonating) throw forbidden('Only the user can grant impersonation access');
      const date = new Date(until);
      await grant(auth.user.id, date);
      return isoOrNull(date);
    },

    /**
     * Support asks a user, by mail, to let them impersonate: the link confirms it (24 hours,
     * signed in as that user) and grants access for a week.
     */
    async requestAccess(auth: AuthContext, targetId: number, ip: string) {
      if (auth.impersonating) throw forbidden('Cancel the current impersonation first');
      if (targetId === auth.user.id) throw invalid('You cannot impersonate yourself', null);
      const target = await authRepository.loadIdentity(targetId);
      if (!target || !canSeeCompany(auth, target.company)) throw notFound('User not found');
      if (isSuperAdmin(target.permissions) && !isSuperAdmin(auth.permissions)) {
        throw forbidden('Only a system administrator can impersonate a system administrator');
      }
      if (target.user.disabledAt) throw forbidden('This user is disabled');
      const at = now();
      const latest = await impersonationRepository.latestAccessRequestAt(targetId);
      if (latest && at.getTime() - latest.getTime() < REQUEST_INTERVAL_MS) {
        throw invalid('An access request was just sent to this user. Try again in a minute.', null);
      }
      const token = randomToken();
      await transaction(async (tx) => {
        await impersonationRepository.insertAccessRequest(
          {
            userId: targetId,
            requestedBy: auth.user.id,
            tokenHash: sha256(token),
            expiresAt: new Date(at.getTime() + IMPERSONATION_REQUEST_TTL_HOURS * HOUR_MS),
          },
          tx,
        );
        await actionLog.record(
          actorOf(auth, ip),
          'impersonation_access_request',
          { entity: 'user', entityId: targetId },
          tx,
        );
      });
      const link = `${deps.publicUrl}/users/confirm-impersonation-access/${encodeURIComponent(token)}`;
      await deps.mail.send({
        to: target.user.email,
        subject: 'Impersonation access request',
        text:
          `Hello ${target.user.username},\n\n${auth.user.email} asks to act as you in netfleet ` +
          `for ${IMPERSONATION_REQUEST_GRANT_DAYS} days, to help you. To allow it, sign in and ` +
          `open this link within ${IMPERSONATION_REQUEST_TTL_HOURS} hours:\n\n${link}\n\n` +
          `If you did not expect this request, ignore this mail.\n`,
        secrets: [token],
      });
    },

    /**
     * The user opened the mailed link: access for a week (a longer grant already given stays).
     * A token that is unknown, used, expired or someone else's is not found.
     */
    async confirmAccess(auth: AuthContext, token: string, ip: string): Promise<string | null> {
      if (auth.impersonating) throw forbidden('Only the user can grant impersonation access');
      const at = now();
      const week = new Date(at.getTime() + IMPERSONATION_REQUEST_GRANT_DAYS * DAY_MS);
      const current = auth.user.impersonationAccessLimit;
      const until = current && current > week ? current : week;
      await transaction(async (tx) => {
        const confirmed = await impersonationRepository.confirmAccessRequest(
          auth.user.id,
          sha256(token),
          at,
          tx,
        );
        if (!confirmed) throw notFound('Impersonation access request not found or expired');
        await grant(auth.user.id, until, tx);
        await actionLog.record(
          actorOf(auth, ip),
          'impersonation_access_confirm',
          { entity: 'user', entityId: auth.user.id, details: { until: until.toISOString() } },
          tx,
        );
      });
      return isoOrNull(until);
    },

    /** Withdraws the grant and throws out whoever is impersonating the user right now. */
    async revokeAccess(auth: AuthContext) {
      const at = now();
      await transaction(async (tx) => {
        await impersonationRepository.setAccessLimit(auth.user.id, null, tx);
        for (const session of await sessionRepository.findImpersonating(auth.user.id, tx)) {
          await sessionRepository.endImpersonation(session.id, at, tx);
        }
      });
    },

    async listLogs(
      auth: AuthContext,
      query: ListQuery,
    ): Promise<{ data: ImpersonationLog[]; total: number }> {
      const { rows, total } = await impersonationRepository.listLogs(auth, query);
      return {
        total,
        data: rows.map((row) => ({
          id: row.id,
          impersonator_id: row.impersonatorId,
          impersonator_email: row.impersonatorEmail,
          user_id: row.userId,
          user_email: row.userEmail,
          company_id: row.companyId,
          company_name: row.companyName,
          started_at: row.startedAt.toISOString(),
          ended_at: isoOrNull(row.endedAt),
          ip: row.ip,
        })),
      };
    },
  };
};

export type ImpersonationService = ReturnType<typeof createImpersonationService>;
