// Spec §8: an error whose source names a visible field shows under that field; the rest go to a
// list shown above or below the form.
import type { FieldError, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ERROR_CODES, type ErrorItem } from '@netfleet/contracts';
import { isApiError } from '@/lib/api-client';
import { MESSAGE_TEXTS } from '@/lib/messages';
import { translateValidation } from '@/lib/messages/validation';

export interface SplitErrors<Field extends string> {
  fields: Partial<Record<Field, string>>;
  others: string[];
}

// Bulk answers name items as 'devices.3.name', or 'data.1.name' for a `data` list of objects;
// the form shows one field per name, so the index goes, and with it a leading list name
// ('data.1.name' belongs under Name) when no field carries that list's name.
const stripIndex = (source: string) => source.replace(/\.\d+(?=\.|$)/g, '');
const withoutList = (source: string) => source.replace(/^[^.]+\.\d+\./, '');

function fieldOf<Field extends string>(source: string | null, fields: readonly Field[]) {
  if (source === null) return undefined;
  const stripped = stripIndex(source);
  // A name with an index is a table cell (`routes.1.address`): the row counts.
  return (
    fields.find((name) => name === source) ??
    fields.find((name) => name === stripped) ??
    fields.find((name) => name === stripIndex(withoutList(source)))
  );
}

/**
 * Spec §8: an MFA_REQUIRED that got this far could not be answered (a method this console does
 * not know): the first error message, else 'Failed to connect to server'. A contracts validation
 * message is shown in the console's language (translateValidation), any other as sent.
 */
const messageOf = (item: ErrorItem, firstMessage: string) =>
  item.code === ERROR_CODES.MFA_REQUIRED
    ? translateValidation(firstMessage) || MESSAGE_TEXTS.failedToConnect
    : translateValidation(item.message);

// Spec §8: an error on the password also marks its confirmation field (without repeating it).
const CONFIRMATION_FIELDS: Readonly<Record<string, string>> = {
  password: 'password_confirmation',
};

/** Sorts a failure's messages into the given fields and the rest; non-API failures are 'others'. */
export function splitServerErrors<Field extends string>(
  error: unknown,
  fields: readonly Field[],
): SplitErrors<Field> {
  const result: SplitErrors<Field> = { fields: {}, others: [] };
  if (!isApiError(error) || error.errors.length === 0) {
    if (error instanceof Error) result.others.push(error.message);
    return result;
  }
  const firstMessage = error.errors[0]?.message ?? '';
  for (const item of error.errors) {
    // Spec §8: UNAUTHORIZED items are ignored (the session handling answers those).
    if (item.code === ERROR_CODES.UNAUTHORIZED) continue;
    const field = fieldOf(item.source, fields);
    const message = messageOf(item, firstMessage);
    if (field && result.fields[field] === undefined) result.fields[field] = message;
    else result.others.push(message);
  }
  return result;
}

/**
 * Puts each field message on its field through `setFieldError` and returns the messages left for
 * a list. A refused password also marks its confirmation field, with an empty message.
 */
export function mapServerErrors<Field extends string>(
  error: unknown,
  fields: readonly Field[],
  setFieldError: (field: Field, message: string) => void,
): string[] {
  const { fields: byField, others } = splitServerErrors(error, fields);
  for (const field of fields) {
    const message = byField[field];
    if (message !== undefined) setFieldError(field, message);
  }
  for (const field of fields) {
    const confirmation = fields.find((name) => name === CONFIRMATION_FIELDS[field]);
    if (byField[field] !== undefined && confirmation && byField[confirmation] === undefined)
      setFieldError(confirmation, '');
  }
  return others;
}

/** Puts field messages on a react-hook-form form and returns the messages left for an alert. */
export function applyServerErrors<Values extends FieldValues>(
  error: unknown,
  fields: readonly Path<Values>[],
  setError: UseFormSetError<Values>,
): string[] {
  return mapServerErrors(error, fields, (field, message) =>
    setError(field, { type: 'server', message }),
  );
}

/** A field's `error` prop: its message, or just the red mark for an error without one. */
export function fieldErrorProp(error: FieldError | undefined): string | boolean | undefined {
  if (!error) return undefined;
  return error.message || true;
}
