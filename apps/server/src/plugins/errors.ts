import { ERROR_CODES, type ErrorCode, type ErrorItem } from '@netfleet/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiError } from '@/lib/api-error';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  401: ERROR_CODES.UNAUTHORIZED,
  403: ERROR_CODES.FORBIDDEN,
  404: ERROR_CODES.NOT_FOUND,
  409: ERROR_CODES.CONFLICT,
  429: ERROR_CODES.TOO_MANY_ATTEMPTS,
};

/** 'body' errors are about submitted fields (422); query, params and headers are 400s. */
const statusFor = (context: string | undefined) => (context === 'body' ? 422 : 400);

/** `/scopes/0` → `scopes.0`; the whole document → null. */
const sourceOf = (instancePath: string): string | null =>
  instancePath.replace(/^\//, '').replaceAll('/', '.') || null;

export const envelope = (errors: ErrorItem[], data?: Record<string, unknown>) => ({
  success: false as const,
  errors,
  ...(data ? { data } : {}),
});

/**
 * Every failure leaves as the error envelope. Client mistakes keep their 4xx status; anything
 * unexpected is logged and becomes a 500 that reveals nothing.
 */
/** Where in a parsed body or query a string holds NUL, which PostgreSQL text cannot store. */
const nulAt = (value: unknown, path: string[] = []): string[] | null => {
  if (typeof value === 'string') return value.includes('\0') ? path : null;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return null;
  for (const [key, item] of Object.entries(value)) {
    const at = nulAt(item, [...path, key]);
    if (at) return at;
  }
  return null;
};

export const NUL_MESSAGE = 'Text may not contain NUL characters';

export const errorsPlugin = fp(async (app: FastifyInstance) => {
  // Caught before validation for every route: a NUL stored would be a database error (a 500).
  app.addHook('preValidation', async (request) => {
    for (const [context, value] of [
      ['body', request.body],
      ['querystring', request.query],
      ['params', request.params],
    ] as const) {
      const at = nulAt(value);
      if (at) {
        throw new ApiError(
          statusFor(context),
          ERROR_CODES.VALIDATION_ERROR,
          NUL_MESSAGE,
          at.join('.') || (context === 'body' ? null : context),
        );
      }
    }
  });

  // An empty JSON body (POST /account/logout with Content-Type: application/json) is no body.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, String(body), done);
  });

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      // Service outages are ours to look into, even though the client gets a clean envelope.
      if (error.statusCode >= 500) request.log.error({ err: error.cause ?? error }, error.message);
      if (error.headers) void reply.headers(error.headers);
      return reply
        .status(error.statusCode)
        .send(
          envelope(
            [{ code: error.code, message: error.message, source: error.source }],
            error.data,
          ),
        );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as { validationContext?: string }).validationContext;
      return reply.status(statusFor(context)).send(
        envelope(
          error.validation.map((issue) => ({
            code: ERROR_CODES.VALIDATION_ERROR,
            message: issue.message ?? 'Invalid value',
            source: sourceOf(issue.instancePath) ?? (context === 'body' ? null : (context ?? null)),
          })),
        ),
      );
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(
        envelope([
          {
            code: CODE_BY_STATUS[status] ?? ERROR_CODES.VALIDATION_ERROR,
            message: error.message,
            source: null,
          },
        ]),
      );
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send(
        envelope([
          { code: ERROR_CODES.INTERNAL_ERROR, message: 'Internal server error', source: null },
        ]),
      );
  });
});
