import { z } from 'zod';
import { mfaTypeSchema } from './user.ts';

/** Codes e-mailed or shown by an authenticator app: six digits. */
export const MFA_CODE_LENGTH = 6;
/** Wrong codes a challenge takes before it is dead and a new code has to be requested. */
export const MFA_MAX_ATTEMPTS = 5;
/** Recovery codes handed out when MFA is switched on; each signs in once. */
export const MFA_RECOVERY_CODE_COUNT = 10;

export const MFA_MESSAGES = {
  enterCode: 'Enter the verification code',
  invalidCode: 'Invalid verification code',
  tooManyAttempts: 'Too many attempts, request a new code',
  codeExpired: 'The code has expired, request a new code',
  noTotpSetup: 'Start the authenticator app set-up first',
  enforced: 'Your company requires multi-factor authentication',
} as const;

export const mfaCodeSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${MFA_CODE_LENGTH}}$`), `Enter the ${MFA_CODE_LENGTH}-digit code`);

/** A recovery code as handed out: two groups of four lower-case letters or digits. */
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{4}-[a-z0-9]{4}$/;

/** GET /account/mfa: the caller's method, whether the company requires one, recovery codes left. */
export const mfaStatusSchema = z.object({
  mfa_type: mfaTypeSchema.nullable(),
  enforced: z.boolean(),
  recovery_codes_left: z.number().int(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

/** POST /account/mfa/totp: the secret to add to an authenticator app, also as a QR code. */
export const totpEnrolmentSchema = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  /** `data:image/png;base64,...` of otpauth_url. */
  qr_code: z.string(),
});
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

export const totpVerifyBodySchema = z.object({ code: mfaCodeSchema });
export type TotpVerifyBody = z.infer<typeof totpVerifyBodySchema>;

/** POST /account/mfa/email: the pending check the mailed code is verified against. */
export const emailEnrolmentSchema = z.object({ session_uuid: z.string() });
export type EmailEnrolment = z.infer<typeof emailEnrolmentSchema>;

export const emailVerifyBodySchema = z.object({
  session_uuid: z.uuid({ error: 'Request a new code' }),
  code: mfaCodeSchema,
});
export type EmailVerifyBody = z.infer<typeof emailVerifyBodySchema>;

/** Answer of a successful verification: the recovery codes, shown only this once. */
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;
