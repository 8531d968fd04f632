import { isApiError } from './api-client';
import { actionFailureMessage } from './messages';

/**
 * Spec §8 message builder for a failed action: the server's first message, else
 * 'Failed to <verb> <item> (<status text>)' ('Failed to remove tag (Conflict)').
 */
export function failureText(error: unknown, item: string, verb: string): string {
  const apiError = isApiError(error) ? error : null;
  return actionFailureMessage({
    item,
    verb,
    serverMessage: apiError?.errors[0]?.message ?? null,
    statusText: apiError?.statusText ?? null,
  });
}
