import {
  ERROR_CODES,
  MFA_MAX_ATTEMPTS,
  MFA_MESSAGES,
  mfaChallengeSchema,
} from '@netfleet/contracts';
import type { UserRow } from '@/db/types';
import { ApiError, tooManyAttempts } from '@/lib/api-error';
import { sha256 } from '@/lib/crypto';
import type { RunInTransaction } from '@/modules/identity/auth/session.service';
import type { MailService } from '@/modules/system/mail/mail.service';
import { asRecoveryCode, isDigitCode, matchesHash, randomDigits, verifyTotp } from './mfa-codes';
import type { ChallengeRow, MfaRepository } from './mfa.repository';

/** How long a sign-in waits for its second factor. */
export const LOGIN_CHALLENGE_TTL_MS = 5 * 60 * 1000;
/**
 * Wrong codes one user's sign-ins may take per window: two challenges' worth. Each challenge
 * dies after MFA_MAX_ATTEMPTS, but the password alone starts a new one, so without this cap a
 * thief of the password could guess TOTP codes without end.
 */
export const MAX_LOGIN_FAILURES = 2 * MFA_MAX_ATTEMPTS;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** A TOTP code stays valid for up to three time steps; it must not sign in twice in that time. */
const TOTP_REPLAY_WINDOW_MS = 2 * 60 * 1000;

const CODE_NOT_SENT = 'The verification code could not be sent: use a recovery code';

interface Deps {
  mfaRepository: MfaRepository;
  mail: Pick<MailService, 'send'>;
  transaction: RunInTransaction;
  now: () => Date;
}

export interface SubmittedCode {
  session_uuid?: string | undefined;
  session_code?: string | undefined;
}

/** The challenge was used or closed between reading it and claiming it. */
class ChallengeGone extends Error {}

const mfaRequired = (user: UserRow, message: string, sessionUuid?: string) =>
  new ApiError(
    401,
    ERROR_CODES.MFA_REQUIRED,
    message,
    null,
    mfaChallengeSchema.parse({
      mfa_type: user.mfaType,
      ...(sessionUuid ? { session_uuid: sessionUuid } : {}),
    }),
  );

/**
 * The second step of signing in (spec §4 Form submit MFA): a correct password of a user with MFA
 * answers 401 MFA_REQUIRED with a pending sign-in (`session_uuid`; for e-mail MFA a code is
 * mailed); the login resubmitted with it and `session_code` goes through when the code is right.
 */
export const createMfaLogin = ({ mfaRepository, mail, transaction, now }: Deps) => {
  const throttle = async (userId: number, at: Date) => {
    const since = new Date(at.getTime() - LOGIN_FAILURE_WINDOW_MS);
    const { failures, oldest } = await mfaRepository.loginFailuresSince(userId, since);
    if (failures < MAX_LOGIN_FAILURES || !oldest) return;
    const wait = Math.max(
      1,
      Math.ceil((oldest.getTime() + LOGIN_FAILURE_WINDOW_MS - at.getTime()) / 1000),
    );
    throw tooManyAttempts(
      wait,
      `Too many failed verification attempts. Try again in ${Math.ceil(wait / 60)} min.`,
    );
  };

  /** A new pending sign-in replacing any earlier one; answers MFA_REQUIRED pointing at it. */
  const challenge = async (user: UserRow, at: Date): Promise<ApiError> => {
    const method = user.mfaType ?? '';
    const code = method === 'email' ? randomDigits() : null;
    const row = await transaction(async (tx) => {
      await mfaRepository.closeOpenChallenges(user.id, 'login', at, tx);
      return mfaRepository.createChallenge(
        {
          userId: user.id,
          purpose: 'login',
          method,
          codeHash: code ? sha256(code) : null,
          expiresAt: new Date(at.getTime() + LOGIN_CHALLENGE_TTL_MS),
          createdAt: at,
        },
        tx,
      );
    });
    if (code) {
      const sent = await mail.send({
        to: user.email,
        subject: 'Your sign-in verification code',
        text: `Hello ${user.username},\n\nyour verification code is ${code}. It is valid for 5 minutes.\n\nIf you did not try to sign in, change your password.\n`,
        secrets: [code],
      });
      if (!sent) return mfaRequired(user, CODE_NOT_SENT, row.id);
    }
    return mfaRequired(user, MFA_MESSAGES.enterCode, row.id);
  };

  /** Whether `code` is right for the challenge; a matching recovery code is used up with it. */
  const passes = async (user: UserRow, pending: ChallengeRow, code: string, at: Date) => {
    const recovery = asRecoveryCode(code);
    if (recovery) {
      return transaction(async (tx) => {
        if (!(await mfaRepository.consumeRecoveryCode(user.id, sha256(recovery), tx))) {
          return false;
        }
        // Thrown, so the recovery code is given back when the challenge was gone meanwhile.
        if (!(await mfaRepository.closeChallenge(pending.id, at, undefined, tx))) {
          throw new ChallengeGone();
        }
        return true;
      });
    }
    if (!isDigitCode(code)) return false;
    if (pending.method === 'email') {
      if (!matchesHash(code, pending.codeHash)) return false;
      if (!(await mfaRepository.closeChallenge(pending.id, at))) throw new ChallengeGone();
      return true;
    }
    if (pending.method === 'totp') {
      const secret = (await mfaRepository.findUserMfa(user.id))?.totpSecret;
      if (!secret || !(await verifyTotp(secret, code, at))) return false;
      const hash = sha256(code);
      const since = new Date(at.getTime() - TOTP_REPLAY_WINDOW_MS);
      if (await mfaRepository.loginCodeUsedSince(user.id, hash, since)) return false;
      if (!(await mfaRepository.closeChallenge(pending.id, at, hash))) throw new ChallengeGone();
      return true;
    }
    // A method this server cannot check (e.g. teltonika_id): only recovery codes sign in.
    return false;
  };

  return {
    /** Returns when the second factor checks out; otherwise throws the answer to give. */
    async verify(user: UserRow, submitted: SubmittedCode): Promise<void> {
      const at = now();
      await throttle(user.id, at);
      const pending = submitted.session_uuid
        ? await mfaRepository.findChallenge(submitted.session_uuid, user.id, 'login')
        : null;
      if (!pending || pending.usedAt || pending.expiresAt <= at) throw await challenge(user, at);
      if (!submitted.session_code) throw mfaRequired(user, MFA_MESSAGES.enterCode, pending.id);
      try {
        if (await passes(user, pending, submitted.session_code, at)) return;
      } catch (error) {
        if (error instanceof ChallengeGone) throw await challenge(user, at);
        throw error;
      }
      const attempts = await mfaRepository.recordFailure(pending.id, at, MFA_MAX_ATTEMPTS);
      if (attempts === null || attempts >= MFA_MAX_ATTEMPTS) {
        throw mfaRequired(user, MFA_MESSAGES.tooManyAttempts);
      }
      throw mfaRequired(user, MFA_MESSAGES.invalidCode, pending.id);
    },
  };
};

export type MfaLogin = ReturnType<typeof createMfaLogin>;
