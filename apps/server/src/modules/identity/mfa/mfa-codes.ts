import { randomInt, timingSafeEqual } from 'node:crypto';
import {
  MFA_CODE_LENGTH,
  MFA_RECOVERY_CODE_COUNT,
  RECOVERY_CODE_PATTERN,
} from '@netfleet/contracts';
import { verify } from 'otplib';
import { sha256 } from '@/lib/crypto';

const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A code to e-mail: MFA_CODE_LENGTH random digits, leading zeros kept. */
export const randomDigits = (): string =>
  Array.from({ length: MFA_CODE_LENGTH }, () => String(randomInt(10))).join('');

const recoveryCode = (): string => {
  const part = () =>
    Array.from({ length: 4 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join(
      '',
    );
  return `${part()}-${part()}`;
};

/** A fresh set of recovery codes: the clear codes for the user, the hashes for the database. */
export const newRecoveryCodes = () => {
  const codes = Array.from({ length: MFA_RECOVERY_CODE_COUNT }, recoveryCode);
  return { codes, hashes: codes.map(sha256) };
};

/** A typed recovery code in the form it was handed out, or null when it is not one. */
export const asRecoveryCode = (input: string): string | null => {
  const code = input.trim().toLowerCase();
  return RECOVERY_CODE_PATTERN.test(code) ? code : null;
};

export const isDigitCode = (input: string): boolean =>
  new RegExp(`^\\d{${MFA_CODE_LENGTH}}$`).test(input);

/** Compares a typed code with a stored sha256 hex hash in constant time. */
export const matchesHash = (code: string, hash: string | null): boolean => {
  if (!hash) return false;
  const given = Buffer.from(sha256(code), 'hex');
  const stored = Buffer.from(hash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
};

/** One time step either side (30 s), for clocks that drift and codes typed at the edge. */
const TOTP_TOLERANCE_SECONDS = 30;

export const verifyTotp = async (secret: string, code: string, at: Date): Promise<boolean> => {
  if (!isDigitCode(code)) return false;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(at.getTime() / 1000),
    epochTolerance: TOTP_TOLERANCE_SECONDS,
  });
  return result.valid;
};
