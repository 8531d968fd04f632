// Spec §8: what a failed submit shows. Messages whose source is a visible field go under it (bulk
// index stripped, a refused password also marks its confirmation); the rest are returned.
import type { ActionVerb } from '@netfleet/contracts';
import { mapServerErrors } from '@/components/form-errors';
import { isApiError } from '@/lib/api-client';
import { actionFailureMessage, MESSAGE_TEXTS } from '@/lib/messages';

interface Builder {
  item?: string | undefined;
  verb?: ActionVerb | undefined;
}

/** A failure without error items: no answer at all, or an answer without a body. */
function messageWithoutItems(error: unknown, { item, verb }: Builder): string {
  if (!isApiError(error))
    return error instanceof Error && error.message ? error.message : MESSAGE_TEXTS.failedToSend;
  // Status 0: the request never got an answer.
  if (error.status === 0) return error.message || MESSAGE_TEXTS.failedToSend;
  if (item && verb) return actionFailureMessage({ item, verb, statusText: error.statusText });
  return error.statusText || MESSAGE_TEXTS.serverError;
}

/**
 * Sets the field errors and returns the other messages; UNAUTHORIZED items are dropped, so a lost
 * session's 401 (the api-client has already sent the user to sign in) shows nothing.
 */
export function failureMessages(
  error: unknown,
  fields: readonly string[],
  setFieldError: (field: string, message: string) => void,
  builder: Builder,
): string[] {
  if (!isApiError(error) || error.errors.length === 0) return [messageWithoutItems(error, builder)];
  return mapServerErrors(error, fields, setFieldError);
}
