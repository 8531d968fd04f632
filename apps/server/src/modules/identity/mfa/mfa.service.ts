import {
  type EmailVerifyBody,
  MFA_MAX_ATTEMPTS,
  MFA_MESSAGES,
  type MfaStatus,
  mfaTypeSchema,
  type RecoveryCodes,
  type TotpEnrolment,
} from '@netfleet/contracts';
import { generateSecret, generateURI } from 'otplib';
import { toDataURL } from 'qrcode';
import type { Transaction } from '@/db/client';
import { forbidden, invalid, serviceUnavailable } from '@/lib/api-error';
import { sha256 } from '@/lib/crypto';
import {
  type ActionActor,
  actorOf,
  type ActionLogService,
} from '@/modules/system/action-log/action-log.service';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { RunInTransaction } from '@/modules/identity/auth/session.service';
import type { MailService } from '@/modules/system/mail/mail.service';
import { matchesHash, newRecoveryCodes, randomDigits, verifyTotp } from './mfa-codes';
import type { MfaRepository } from './mfa.repository';

/** How long an e-mailed enrolment code stays valid. */
export const ENROL_EMAIL_TTL_MS = 10 * 60 * 1000;
const TOTP_ISSUER = 'netfleet';

interface Deps {
  mfaRepository: MfaRepository;
  mail: Pick<MailService, 'send'>;
  actionLog: Pick<ActionLogService, 'record'>;
  transaction: RunInTransaction;
  now: () => Date;
}

/** Someone acting as the user must not change how the user signs in. */
const requireOwner = (auth: AuthContext) => {
  if (auth.impersonating) {
    throw forbidden('Multi-factor authentication cannot be changed while impersonating');
  }
};

/**
 * The caller's own second factor (/account/mfa): enrolling TOTP or e-mail codes, and switching
 * it off. Each enrolment ends with a fresh set of recovery codes, shown once.
 */
export const createMfaService = ({ mfaRepository, mail, actionLog, transaction, now }: Deps) => {
  const activate = async (
    actor: ActionActor,
    mfaType: 'totp' | 'email',
    totpSecret: string | null,
    /** Claims what is being verified inside the transaction; false when it was used meanwhile. */
    claim: (tx: Transaction) => Promise<boolean>,
  ): Promise<RecoveryCodes | null> => {
    const { codes, hashes } = newRecoveryCodes();
    return transaction(async (tx) => {
      if (!(await claim(tx))) return null;
      await mfaRepository.activate(
        actor.userId,
        { mfaType, totpSecret, recoveryCodeHashes: hashes },
        tx,
      );
      await actionLog.record(
        actor,
        'mfa_enable',
        { entity: 'user', entityId: actor.userId, details: { method: mfaType } },
        tx,
      );
      return { recovery_codes: codes };
    });
  };

  return {
    async status(auth: AuthContext): Promise<MfaStatus> {
      const row = await mfaRepository.findUserMfa(auth.user.id);
      return {
        mfa_type: mfaTypeSchema.safeParse(auth.user.mfaType).data ?? null,
        enforced: auth.company.mfaEnforced,
        recovery_codes_left: auth.user.mfaType ? (row?.recoveryCodeHashes.length ?? 0) : 0,
      };
    },

    /** A new secret for an authenticator app; it becomes active once a code from it verifies. */
    async startTotp(auth: AuthContext): Promise<TotpEnrolment> {
      requireOwner(auth);
      const secret = generateSecret();
      await mfaRepository.setPendingTotp(auth.user.id, secret);
      const otpauthUrl = generateURI({ issuer: TOTP_ISSUER, label: auth.user.email, secret });
      return { secret, otpauth_url: otpauthUrl, qr_code: await toDataURL(otpauthUrl) };
    },

    async verifyTotp(auth: AuthContext, code: string, ip: string): Promise<RecoveryCodes> {
      requireOwner(auth);
      const secret = (await mfaRepository.findUserMfa(auth.user.id))?.pendingTotpSecret;
      if (!secret) throw invalid(MFA_MESSAGES.noTotpSetup, null);
      if (!(await verifyTotp(secret, code, now()))) throw invalid(MFA_MESSAGES.invalidCode, 'code');
      const codes = await activate(actorOf(auth, ip), 'totp', secret, (tx) =>
        mfaRepository.claimPendingTotp(auth.user.id, secret, tx),
      );
      if (!codes) throw invalid(MFA_MESSAGES.noTotpSetup, null);
      return codes;
    },

    /** Mails a code to the caller's address; verifying it switches MFA to e-mail codes. */
    async startEmail(auth: AuthContext): Promise<{ session_uuid: string }> {
      requireOwner(auth);
      const at = now();
      const code = randomDigits();
      const challenge = await transaction(async (tx) => {
        await mfaRepository.closeOpenChallenges(auth.user.id, 'enrol_email', at, tx);
        return mfaRepository.createChallenge(
          {
            userId: auth.user.id,
            purpose: 'enrol_email',
            method: 'email',
            codeHash: sha256(code),
            expiresAt: new Date(at.getTime() + ENROL_EMAIL_TTL_MS),
            createdAt: at,
          },
          tx,
        );
      });
      const sent = await mail.send({
        to: auth.user.email,
        subject: 'Your verification code',
        text: `Hello ${auth.user.username},\n\nenter ${code} to receive your sign-in codes by e-mail. The code is valid for 10 minutes.\n`,
        secrets: [code],
      });
      if (!sent) throw serviceUnavailable('The verification code could not be sent');
      return { session_uuid: challenge.id };
    },

    async verifyEmail(
      auth: AuthContext,
      body: EmailVerifyBody,
      ip: string,
    ): Promise<RecoveryCodes> {
      requireOwner(auth);
      const at = now();
      const pending = await mfaRepository.findChallenge(
        body.session_uuid,
        auth.user.id,
        'enrol_email',
      );
      if (pending && pending.attempts >= MFA_MAX_ATTEMPTS) {
        throw invalid(MFA_MESSAGES.tooManyAttempts, 'code');
      }
      if (!pending || pending.usedAt || pending.expiresAt <= at) {
        throw invalid(MFA_MESSAGES.codeExpired, 'code');
      }
      if (matchesHash(body.code, pending.codeHash)) {
        const codes = await activate(actorOf(auth, ip), 'email', null, (tx) =>
          mfaRepository.closeChallenge(pending.id, at, undefined, tx),
        );
        if (!codes) throw invalid(MFA_MESSAGES.codeExpired, 'code');
        return codes;
      }
      const attempts = await mfaRepository.recordFailure(pending.id, at, MFA_MAX_ATTEMPTS);
      if (attempts === null || attempts >= MFA_MAX_ATTEMPTS) {
        throw invalid(MFA_MESSAGES.tooManyAttempts, 'code');
      }
      throw invalid(MFA_MESSAGES.invalidCode, 'code');
    },

    /** Switches MFA off, unless the caller's company requires it. */
    async disable(auth: AuthContext, ip: string): Promise<void> {
      requireOwner(auth);
      if (auth.company.mfaEnforced) throw invalid(MFA_MESSAGES.enforced, null);
      await transaction(async (tx) => {
        await mfaRepository.deactivate(auth.user.id, tx);
        await mfaRepository.closeOpenChallenges(auth.user.id, null, now(), tx);
        // Switching off what was never on is no event worth a trail entry.
        if (auth.user.mfaType) {
          await actionLog.record(
            actorOf(auth, ip),
            'mfa_disable',
            { entity: 'user', entityId: auth.user.id, details: { method: auth.user.mfaType } },
            tx,
          );
        }
      });
    },
  };
};

export type MfaService = ReturnType<typeof createMfaService>;
