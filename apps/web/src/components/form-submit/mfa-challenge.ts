import { ERROR_CODES, mfaChallengeSchema, type MfaChallenge } from '@netfleet/contracts';
import { isApiError } from '@/lib/api-client';

/** Whether a failure asks for a second factor (spec §8 MFA_REQUIRED). */
export function isMfaRequired(error: unknown): boolean {
  return isApiError(error) && error.errors.some((item) => item.code === ERROR_CODES.MFA_REQUIRED);
}

/**
 * The challenge of an MFA_REQUIRED answer (its envelope's `data`: method and pending check);
 * null for any other failure and for a method this console does not know.
 */
export function mfaChallengeOf(error: unknown): MfaChallenge | null {
  if (!isApiError(error) || !isMfaRequired(error)) return null;
  const parsed = mfaChallengeSchema.safeParse(error.data);
  return parsed.success ? parsed.data : null;
}
