import { ERROR_CODES, PASSWORD_CONFIRMATION_TTL_SECONDS } from '@netfleet/contracts';
import { ApiError } from '@/lib/api-error';
import type { AuthContext } from './auth.types';

/**
 * Spec §8 423: a sensitive request goes through only if the session re-entered its password
 * within PASSWORD_CONFIRMATION_TTL_SECONDS; otherwise the console asks for it
 * (POST /api/password-confirmation) and retries. Routes opt in with `config.confirmPassword`,
 * or call this themselves when only some bodies are sensitive.
 */
export const requirePasswordConfirmation = (auth: AuthContext, at: Date) => {
  // Personal access tokens never go through this flow; the routes that need it refuse them anyway.
  if (auth.via !== 'session') return;
  const confirmedAt = auth.passwordConfirmedAt;
  if (
    confirmedAt &&
    at.getTime() - confirmedAt.getTime() < PASSWORD_CONFIRMATION_TTL_SECONDS * 1000
  ) {
    return;
  }
  throw new ApiError(
    423,
    ERROR_CODES.PASSWORD_CONFIRMATION_REQUIRED,
    'Confirm your password to continue.',
  );
};
