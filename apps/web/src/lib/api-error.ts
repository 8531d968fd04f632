import { type ErrorItem } from '@netfleet/contracts';
import { loadValidationMessages, MESSAGE_TEXTS, translateKnown } from '@/lib/messages';

export const NETWORK_ERROR_MESSAGE = MESSAGE_TEXTS.failedToSend;

/** A failed call: HTTP status (0 = network failure, 408 = client timeout) plus the envelope's error items. */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly errors: ErrorItem[];
  /** Seconds from a Retry-After header (429 answers), null without one. */
  readonly retryAfter: number | null;
  /** The envelope's extra `data`, e.g. how to continue after MFA_REQUIRED; undefined without. */
  readonly data: unknown;

  constructor(
    status: number,
    statusText: string,
    errors: ErrorItem[],
    message?: string,
    retryAfter: number | null = null,
    data?: unknown,
  ) {
    // The first item's message is what toasts and alerts show of the failure: a contracts
    // message in the shown language. `errors` keeps the server's own texts.
    const first = errors[0]?.message;
    super(
      message ??
        (first === undefined ? statusText || NETWORK_ERROR_MESSAGE : translateKnown(first)),
    );
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText;
    this.errors = errors;
    this.retryAfter = retryAfter;
    this.data = data;
  }

  /** The first error code; the spec's global handlers key on it (EMAIL_NOT_VERIFIED, MFA_REQUIRED, ...). */
  get code(): string | undefined {
    return this.errors[0]?.code;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** Reads `errors[]` from an error envelope; anything else yields no items. */
export function parseErrorItems(body: unknown): ErrorItem[] {
  if (typeof body !== 'object' || body === null || !('errors' in body)) return [];
  const { errors } = body;
  if (!Array.isArray(errors)) return [];
  return errors.filter(
    (item): item is ErrorItem =>
      typeof item === 'object' && item !== null && typeof (item as ErrorItem).code === 'string',
  );
}

/**
 * parseErrorItems for an answer about to become an ApiError: with items, the validation catalogue
 * is loaded first (once), so the error's message is shown in the console's language.
 */
export async function readErrorItems(body: unknown): Promise<ErrorItem[]> {
  const items = parseErrorItems(body);
  if (items.length > 0) await loadValidationMessages().catch(() => undefined);
  return items;
}

/** Reads the extra `data` an error envelope may carry next to `errors[]`. */
export function parseErrorData(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || !('data' in body)) return undefined;
  return body.data;
}

/** Retry-After is either delay-seconds or an HTTP date. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}
