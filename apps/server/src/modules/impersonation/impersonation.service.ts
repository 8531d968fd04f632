import {
  IMPERSONATION_ACCESS_MAX_DAYS,
  type ImpersonationLog,
  type ListQuery,
} from '@netfleet/contracts';
import { conflict, forbidden, invalid, notFound } from '@/lib/api-error';
import { isoOrNull } from '@/lib/dates';
import { actorOf, type ActionLogService } from '@/modules/action-log/action-log.service';
import type { AuthRepository } from '@/modules/auth/auth.repository';
import { isSuperAdmin } from '@/modules/auth/auth.service';
import type { AuthContext } from '@/modules/auth/auth.types';
import type { SessionRepository } from '@/modules/auth/session.repository';
import {
  type RunInTransaction,
  type SessionService,
  sessionContext,
} from '@/modules/auth/session.service';
import type { ImpersonationRepository } from './impersonation.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Clock skew between browser and server must not turn "30 days from now" into 30 days + 1 s. */
const LIMIT_TOLERANCE_MS = 5 * 60 * 1000;

interface Deps {
  impersonationRepository: ImpersonationRepository;
  authRepository: AuthRepository;
  sessionRepository: SessionRepository;
  sessionService: SessionService;
  actionLog: ActionLogService;
  transaction: RunInTransaction;
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

  return {
    async start(auth: AuthContext, targetId: number, ip: string) {
      const sessionId = sessionOf(auth);
      if (auth.impersonating) throw forbidden('Cancel the current impersonation first');
      if (targetId === auth.user.id) throw forbidden('You cannot impersonate yourself');
      const target = await authRepository.loadIdentity(targetId);
      // Users outside the caller's subtree do not exist as far as the caller can tell.
      if (!target || !target.company.path.startsWith(auth.company.path))
        throw notFound('User not found');
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
      const at = now().getTime();
      if (date.getTime() <= at) throw invalid('The date must be in the future', 'until');
      if (date.getTime() > at + IMPERSONATION_ACCESS_MAX_DAYS * DAY_MS + LIMIT_TOLERANCE_MS) {
        throw invalid(
          `The date can be at most ${IMPERSONATION_ACCESS_MAX_DAYS} days ahead`,
          'until',
        );
      }
      await impersonationRepository.setAccessLimit(auth.user.id, date);
      return isoOrNull(date);
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
