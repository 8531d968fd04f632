import {
  type CurrentUser,
  ERROR_CODES,
  type LoginBody,
  type UpdateAccountUserBody,
} from '@netfleet/contracts';
import { isUniqueViolation } from '@/db/errors';
import type { UserRow } from '@/db/types';
import {
  ApiError,
  conflict,
  forbidden,
  invalid,
  tooManyAttempts,
  unauthorized,
} from '@/lib/api-error';
import { randomToken, sha256 } from '@/lib/crypto';
import { verifyPassword } from '@/lib/passwords';
import { actorOf, type ActionLogService } from '@/modules/system/action-log/action-log.service';
import type { AuthRepository } from '@/modules/identity/auth/auth.repository';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import { toCurrentUser } from '@/modules/identity/auth/current-user';
import type { LoginLimiter } from '@/modules/identity/auth/login-limiter';
import { requirePasswordConfirmation } from '@/modules/identity/auth/password-confirmation';
import {
  type RunInTransaction,
  type SessionService,
  sessionContext,
} from '@/modules/identity/auth/session.service';
import type { MailService } from '@/modules/system/mail/mail.service';
import type { MfaLogin } from '@/modules/identity/mfa/mfa-login';
import type { AccountRepository } from './account.repository';

const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
/** One verification mail per minute is plenty and stops mail bombing. */
const RESEND_INTERVAL_MS = 60 * 1000;

interface Deps {
  accountRepository: AccountRepository;
  authRepository: AuthRepository;
  sessionService: SessionService;
  loginLimiter: LoginLimiter;
  actionLog: ActionLogService;
  mail: MailService;
  mfaLogin: Pick<MfaLogin, 'verify'>;
  transaction: RunInTransaction;
  publicUrl: string;
  now: () => Date;
}

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

export const createAccountService = (deps: Deps) => {
  const { accountRepository, authRepository, sessionService, loginLimiter, now } = deps;

  const loadIdentity = async (userId: number) => {
    const identity = await authRepository.loadIdentity(userId);
    if (!identity) throw unauthorized();
    return identity;
  };

  const emailTaken = () => conflict('This e-mail address is already in use', 'email');

  /** One verification mail per minute and user, whatever triggers it, so nobody is mail-bombed. */
  const throttleVerificationMail = async (userId: number, at: Date) => {
    const latest = await accountRepository.latestVerification(userId);
    if (latest && at.getTime() - latest.createdAt.getTime() < RESEND_INTERVAL_MS) {
      const wait = Math.ceil(
        (latest.createdAt.getTime() + RESEND_INTERVAL_MS - at.getTime()) / 1000,
      );
      throw tooManyAttempts(wait, 'A confirmation e-mail was just sent. Try again in a minute.');
    }
  };

  /** True when the mail was handed over (or recorded, without SMTP). */
  const sendVerification = async (user: UserRow, at: Date) => {
    const token = randomToken();
    await accountRepository.createVerification({
      userId: user.id,
      tokenHash: sha256(token),
      expiresAt: new Date(at.getTime() + VERIFICATION_TTL_MS),
    });
    const link = `${deps.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
    return deps.mail.send({
      to: user.email,
      subject: 'Verify your e-mail address',
      text: `Hello ${user.username},\n\nconfirm your e-mail address by opening this link within 24 hours:\n\n${link}\n`,
      secrets: [token],
    });
  };

  return {
    async login(body: LoginBody, meta: RequestMeta) {
      const email = body.email.toLowerCase();
      const wait = await loginLimiter.retryAfter(email, meta.ip);
      if (wait > 0) {
        throw tooManyAttempts(
          wait,
          `Too many failed sign-in attempts. Try again in ${Math.ceil(wait / 60)} min.`,
        );
      }
      const user = await authRepository.findUserByEmail(email);
      if (!(await verifyPassword(user?.passwordHash ?? null, body.password)) || !user) {
        await loginLimiter.fail(email, meta.ip);
        throw new ApiError(401, ERROR_CODES.INVALID_CREDENTIALS, 'Invalid email or password');
      }
      await loginLimiter.succeed(email);
      if (user.disabledAt) throw unauthorized('This account is disabled');
      // Throws MFA_REQUIRED (with the pending sign-in) until the second factor checks out.
      if (user.mfaType) await deps.mfaLogin.verify(user, body);
      const tokens = await sessionService.start(user, meta);
      const identity = await loadIdentity(user.id);
      await deps.actionLog.record(
        { userId: user.id, companyId: user.companyId, ip: meta.ip },
        'login',
        { entity: 'session', entityId: tokens.sessionId },
      );
      return { tokens, auth: sessionContext(identity, tokens) };
    },

    /** GET /api/user: the caller, unless their company requires MFA they have not set up (401, spec §8). */
    async currentUser(auth: AuthContext): Promise<CurrentUser> {
      if (auth.company.mfaEnforced && !auth.user.mfaType) {
        throw new ApiError(
          401,
          ERROR_CODES.MFA_MANDATORY,
          'Your company requires multi-factor authentication: set it up to continue',
        );
      }
      const lastLoginAt = await accountRepository.lastLoginAt(auth.user.id);
      return toCurrentUser(auth, { issuer: deps.publicUrl, lastLoginAt });
    },

    async logout(sessionId: string, ip: string) {
      const userId = await sessionService.revoke(sessionId);
      if (userId === null) return;
      const user = await authRepository.findUser(userId);
      await deps.actionLog.record({ userId, companyId: user?.companyId ?? null, ip }, 'logout', {
        entity: 'session',
        entityId: sessionId,
      });
    },

    /**
     * Accepts the terms and/or sets a new e-mail address. A new address is unverified until the
     * link mailed to it is opened, and links sent to the old one stop working.
     */
    async updateUser(
      auth: AuthContext,
      body: UpdateAccountUserBody,
      ip: string,
    ): Promise<AuthContext> {
      const previous = auth.user.email;
      const email = body.email?.toLowerCase();
      const changesEmail = email !== undefined && email !== previous.toLowerCase();
      const at = now();
      if (changesEmail) {
        // The address is the account's sign-in and where its mail goes: only its owner changes it.
        if (auth.impersonating)
          throw forbidden('The e-mail address cannot be changed while impersonating');
        // Whoever holds the address can reset the password: taking it over needs the password.
        requirePasswordConfirmation(auth, at);
        const holder = await authRepository.findUserByEmail(email);
        if (holder && holder.id !== auth.user.id) throw emailTaken();
        await throttleVerificationMail(auth.user.id, at);
      }
      let user: UserRow;
      try {
        user = await deps.transaction(async (tx) => {
          const changes = {
            ...(body.tos_accepted ? { tosAccepted: true as const } : {}),
            ...(changesEmail ? { email, emailVerifiedAt: null } : {}),
          };
          if (Object.keys(changes).length === 0) return auth.user;
          const row = await accountRepository.updateUser(auth.user.id, changes, tx);
          if (!row) throw unauthorized();
          if (changesEmail) {
            await accountRepository.expireVerifications(row.id, at, tx);
            await deps.actionLog.record(
              actorOf(auth, ip),
              'email_change',
              { entity: 'user', entityId: row.id, details: { from: previous, to: row.email } },
              tx,
            );
          }
          return row;
        });
      } catch (error) {
        // Another account took the address between the check and the write.
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
      // A failed mail leaves the change in place: the EMAIL_NOT_VERIFIED page offers a resend.
      if (changesEmail) await sendVerification(user, at);
      return { ...auth, user, ...(auth.impersonating ? {} : { realUser: user }) };
    },

    async resendActivation(auth: AuthContext) {
      const { user } = auth;
      if (user.emailVerifiedAt) throw conflict('The e-mail address is already verified');
      const at = now();
      await throttleVerificationMail(user.id, at);
      if (!(await sendVerification(user, at)))
        throw new ApiError(503, ERROR_CODES.INTERNAL_ERROR, 'Failed to send email confirmation');
    },

    async verifyEmail(token: string) {
      const at = now();
      await deps.transaction(async (tx) => {
        const userId = await accountRepository.consumeVerification(sha256(token), at, tx);
        if (userId === null) {
          throw invalid('The verification link is invalid or has expired', 'token');
        }
        await accountRepository.markEmailVerified(userId, at, tx);
      });
    },
  };
};

export type AccountService = ReturnType<typeof createAccountService>;
