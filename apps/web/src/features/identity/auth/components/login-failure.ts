// Sorts a failed sign-in into what the form shows: a throttle countdown, or messages (per field,
// or under the form). An answerable MFA_REQUIRED never gets here (sendWithMfa asks for the code);
// one that cannot be answered shows its message like any other failure.
import { isApiError } from '@/lib/api-client';
import { splitServerErrors } from '@/components/form-errors';

export const LOGIN_FIELDS = ['email', 'password'] as const;
export type LoginField = (typeof LOGIN_FIELDS)[number];

export type LoginFailure =
  | { kind: 'throttled'; retryAt: number | null }
  | { kind: 'messages'; fields: Partial<Record<LoginField, string>>; others: string[] };

const TOO_MANY_REQUESTS = 429;

export function classifyLoginFailure(error: unknown, now = Date.now()): LoginFailure {
  if (isApiError(error) && error.status === TOO_MANY_REQUESTS) {
    const seconds = error.retryAfter;
    return { kind: 'throttled', retryAt: seconds === null ? null : now + seconds * 1000 };
  }
  return { kind: 'messages', ...splitServerErrors(error, LOGIN_FIELDS) };
}
