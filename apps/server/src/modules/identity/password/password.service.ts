import {
  type ChangePasswordBody,
  ERROR_CODES,
  type PasswordConfirmationBody,
} from '@netfleet/contracts';
import type { UserRow } from '@/db/types';
import { ApiError, forbidden, tooManyAttempts } from '@/lib/api-error';
import { hashPassword, verifyPassword } from '@/lib/passwords';
import { actorOf, type ActionLogService } from '@/modules/system/action-log/action-log.service';
import type { AccountRepository } from '@/modules/identity/account/account.repository';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { LoginLimiter } from '@/modules/identity/auth/login-limiter';
import type { SessionRepository } from '@/modules/identity/auth/session.repository';
import type { RunInTransaction } from '@/modules/identity/auth/session.service';

interface Deps {
  accountRepository: AccountRepository;
  sessionRepository: SessionRepository;
  loginLimiter: LoginLimiter;
  actionLog: ActionLogService;
  transaction: RunInTransaction;
  now: () => Date;
}

const sessionOf = (auth: AuthContext) => {
  if (!auth.sessionId) throw forbidden('This needs a browser session');
  return auth.sessionId;
};

/** The signed-in person's own password: change it, or re-enter it before sensitive requests. */
export const createPasswordService = (deps: Deps) => {
  const { accountRepository, sessionRepository, loginLimiter, transaction, now } = deps;

  /**
   * Checked like a sign-in, against the same limiter: otherwise a stolen session could guess the
   * password here without ever meeting the 429.
   */
  const checkPassword = async (user: UserRow, password: string, ip: string, source: string) => {
    const wait = await loginLimiter.retryAfter(user.email, ip);
    if (wait > 0) {
      throw tooManyAttempts(
        wait,
        `Too many failed password attempts. Try again in ${Math.ceil(wait / 60)} min.`,
      );
    }
    if (!(await verifyPassword(user.passwordHash, password))) {
      await loginLimiter.fail(user.email, ip);
      throw new ApiError(
        422,
        ERROR_CODES.CONFIRMATION_FAILED,
        'The password is not correct',
        source,
      );
    }
    await loginLimiter.succeed(user.email);
  };

  return {
    /**
     * A new password for the signed-in user. Every other session ends (with its refresh tokens);
     * this one stays, and personal access tokens stay valid: they are revoked on their own.
     */
    async changePassword(auth: AuthContext, body: ChangePasswordBody, ip: string) {
      const sessionId = sessionOf(auth);
      if (auth.impersonating) {
        throw forbidden('The password cannot be changed while impersonating');
      }
      await checkPassword(auth.user, body.current_password, ip, 'current_password');
      const passwordHash = await hashPassword(body.password);
      const at = now();
      await transaction(async (tx) => {
        await accountRepository.updateUser(auth.user.id, { passwordHash }, tx);
        const endedSessions = await sessionRepository.revokeOthers(auth.user.id, sessionId, at, tx);
        // The current password was just typed: that is a confirmation too.
        await sessionRepository.markPasswordConfirmed(sessionId, at, tx);
        await deps.actionLog.record(
          actorOf(auth, ip),
          'password_change',
          { entity: 'user', entityId: auth.user.id, details: { ended_sessions: endedSessions } },
          tx,
        );
      });
    },

    /** While impersonating, it is the impersonator who confirms, with their own password. */
    async confirmPassword(auth: AuthContext, body: PasswordConfirmationBody, ip: string) {
      const sessionId = sessionOf(auth);
      await checkPassword(auth.realUser, body.password, ip, 'password');
      await sessionRepository.markPasswordConfirmed(sessionId, now());
    },
  };
};

export type PasswordService = ReturnType<typeof createPasswordService>;
