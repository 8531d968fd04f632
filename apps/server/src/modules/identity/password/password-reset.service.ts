import {
  ERROR_CODES,
  type ForgotPasswordBody,
  PASSWORD_RESET_MESSAGES,
  PASSWORD_RESET_TTL_MINUTES,
  type ResetPasswordBody,
} from '@netfleet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError, tooManyAttempts } from '@/lib/api-error';
import { randomToken, sha256 } from '@/lib/crypto';
import { hashPassword } from '@/lib/passwords';
import type { ActionLogService } from '@/modules/system/action-log/action-log.service';
import type { MailService } from '@/modules/system/mail/mail.service';
import type { AccountRepository } from '@/modules/identity/account/account.repository';
import type { AuthRepository } from '@/modules/identity/auth/auth.repository';
import type { LoginLimiter } from '@/modules/identity/auth/login-limiter';
import type { SessionRepository } from '@/modules/identity/auth/session.repository';
import type { RunInTransaction } from '@/modules/identity/auth/session.service';
import type { ResetRequestLimiter } from './password-reset-limiter';
import type { PasswordResetRepository } from './password-reset.repository';

const RESET_TTL_MS = PASSWORD_RESET_TTL_MINUTES * 60 * 1000;

interface Deps {
  passwordResetRepository: PasswordResetRepository;
  accountRepository: Pick<AccountRepository, 'updateUser'>;
  authRepository: Pick<AuthRepository, 'findUserByEmail' | 'findUser'>;
  sessionRepository: Pick<SessionRepository, 'revokeAll'>;
  loginLimiter: Pick<LoginLimiter, 'succeed'>;
  requestLimiter: ResetRequestLimiter;
  actionLog: ActionLogService;
  mail: MailService;
  transaction: RunInTransaction;
  publicUrl: string;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

const invalidToken = () =>
  new ApiError(400, ERROR_CODES.VALIDATION_ERROR, PASSWORD_RESET_MESSAGES.invalidToken, 'token');

/** "Forgot password": a one-time link by mail, then a new password set with it. */
export const createPasswordResetService = (deps: Deps) => {
  const { passwordResetRepository, authRepository, transaction, now } = deps;
  const pending = new Set<Promise<void>>();

  const mailLink = async (email: string) => {
    const user = await authRepository.findUserByEmail(email);
    // A disabled account cannot sign in, so a new password would not let it in either.
    if (!user || user.disabledAt) return;
    const token = randomToken();
    const at = now();
    await transaction(async (tx) => {
      await passwordResetRepository.expireOpen(user.id, at, tx);
      await passwordResetRepository.create(
        {
          userId: user.id,
          tokenHash: sha256(token),
          expiresAt: new Date(at.getTime() + RESET_TTL_MS),
        },
        tx,
      );
    });
    const link = `${deps.publicUrl}/account/reset-password?token=${encodeURIComponent(token)}`;
    await deps.mail.send({
      to: user.email,
      subject: 'Reset your password',
      text:
        `Hello ${user.username},\n\nsomeone asked to reset the password of your account. ` +
        `Choose a new one within ${PASSWORD_RESET_TTL_MINUTES} minutes by opening this link:\n\n${link}\n\n` +
        'If it was not you, ignore this mail: your password stays as it is.\n',
      secrets: [token],
    });
  };

  return {
    /**
     * Answers the same whether or not the address has an account. The lookup and the mail happen
     * after the answer, so neither can its timing tell.
     */
    async requestReset(body: ForgotPasswordBody, ip: string) {
      const email = body.email.toLowerCase();
      const wait = await deps.requestLimiter.take(email, ip);
      if (wait > 0) throw tooManyAttempts(wait, PASSWORD_RESET_MESSAGES.tooManyRequests);
      const work = mailLink(email).catch((error: unknown) => {
        deps.log.warn({ err: error }, 'password reset mail not sent');
      });
      pending.add(work);
      void work.finally(() => pending.delete(work));
    },

    /**
     * Sets the new password with a link's token (once), and ends every session of the user: whoever
     * knew the old password is out. Personal access tokens stay, as on a password change.
     */
    async reset(body: ResetPasswordBody, ip: string) {
      // Hashed before the transaction: argon2id takes a while and should not hold the row locks.
      const passwordHash = await hashPassword(body.password);
      const at = now();
      const user = await transaction(async (tx) => {
        const userId = await passwordResetRepository.consume(sha256(body.token), at, tx);
        const row = userId === null ? null : await authRepository.findUser(userId, tx);
        if (!row || row.disabledAt) throw invalidToken();
        await deps.accountRepository.updateUser(row.id, { passwordHash }, tx);
        const endedSessions = await deps.sessionRepository.revokeAll(row.id, at, tx);
        await deps.actionLog.record(
          { userId: row.id, companyId: row.companyId, ip },
          'password_reset',
          { entity: 'user', entityId: row.id, details: { ended_sessions: endedSessions } },
          tx,
        );
        return row;
      });
      // Failed sign-ins with the old password no longer hold the owner back.
      await deps.loginLimiter.succeed(user.email);
    },

    /** Waits for reset mails still on their way (the app is closing). */
    async settle() {
      await Promise.all(pending);
    },
  };
};

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
