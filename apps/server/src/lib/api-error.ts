import { ERROR_CODES, type ErrorCode } from '@netfleet/contracts';

/**
 * An expected failure the client should see as an error envelope. Anything thrown that is not an
 * ApiError (or a framework 4xx) becomes a logged 500.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly source: string | null = null,
    /** Extra top-level envelope data, e.g. how to continue after MFA_REQUIRED. */
    readonly data?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const unauthorized = (message = 'Authentication required') =>
  new ApiError(401, ERROR_CODES.UNAUTHORIZED, message);

export const forbidden = (message = 'You do not have permission to do this') =>
  new ApiError(403, ERROR_CODES.FORBIDDEN, message);

export const notFound = (message = 'Not found') =>
  new ApiError(404, ERROR_CODES.NOT_FOUND, message);

export const conflict = (message: string, source: string | null = null) =>
  new ApiError(409, ERROR_CODES.CONFLICT, message, source);

/** The client must wait `seconds` before trying again (Retry-After). */
export const tooManyAttempts = (seconds: number, message: string) =>
  new ApiError(429, ERROR_CODES.TOO_MANY_ATTEMPTS, message, null, undefined, {
    'retry-after': String(seconds),
  });

/** A shared service (Redis, mail) is down: the client may retry; nothing it sent was wrong. */
export const serviceUnavailable = (message: string, cause?: unknown) => {
  const error = new ApiError(503, ERROR_CODES.SERVICE_UNAVAILABLE, message);
  error.cause = cause;
  return error;
};

export const invalid = (message: string, source: string | null) =>
  new ApiError(422, ERROR_CODES.VALIDATION_ERROR, message, source);
