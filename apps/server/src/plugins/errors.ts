import { ERROR_CODES, type ErrorCode, type ErrorItem } from '@netfleet/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isOutOfDiskSpace } from '@/db/pglite-disk-full';
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
  // Plain objects only (not streams or file parts), but the query and route parameters are
  // dictionaries whose prototype itself has no prototype (fast-querystring, find-my-way).
  const proto = Object.getPrototypeOf(value) as object | null;
  const plain = proto === null || proto === Object.prototype || !Object.getPrototypeOf(proto);
  if (!Array.isArray(value) && !plain) return null;
  for (const [key, item] of Object.entries(value)) {
    const at = nulAt(item, [...path, key]);
    if (at) return at;
  }
  return null;
};

/**
 * The router's own refusals (a URL that does not decode, a parameter over maxParamLength) never
 * reach the error handler; Fastify's frameworkErrors option sends them here for the envelope.
 */
export const frameworkErrors = (
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) => {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply
    .status(status)
    .send(envelope([{ code: ERROR_CODES.VALIDATION_ERROR, message: error.message, source: null }]));
};

/** Deeper JSON is refused before parsing: the NUL walk, zod and handlers all recurse. */
export const MAX_JSON_DEPTH = 64;

/** Whether brackets nest deeper than `limit` outside strings (a linear scan, no recursion). */
const nestsDeeperThan = (text: string, limit: number): boolean => {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
};

/**
 * The multipart parser (busboy) rejects a body without a boundary or cut short with plain errors
 * and no status, and a file part cut short ends its stream early; each route reading parts would
 * otherwise answer them with a 500.
 */
const isMalformedMultipart = (error: FastifyError, contentType: string | undefined) =>
  error.statusCode === undefined &&
  /^multipart\//i.test(contentType ?? '') &&
  (error.code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    /multipart data|boundary (not found|required)/i.test(error.message));

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
    const text = String(body);
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      const message = `JSON may not nest more than ${MAX_JSON_DEPTH} levels deep`;
      done(new ApiError(400, ERROR_CODES.VALIDATION_ERROR, message), undefined);
      return;
    }
    parseJson(request, text, done);
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
    if (isMalformedMultipart(error, request.headers['content-type'])) {
      return reply.status(400).send(
        envelope([
          {
            code: ERROR_CODES.VALIDATION_ERROR,
            message: 'Malformed multipart body',
            source: null,
          },
        ]),
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
    // A full disk (DATA_DIR for uploads and the embedded database, or PostgreSQL's own; issue 23)
    // is the operator's to fix: the client learns that nothing was stored and may try again, not
    // that the server failed.
    if (isOutOfDiskSpace(error)) {
      request.log.error({ err: error }, 'out of disk space');
      return reply.status(507).send(
        envelope([
          {
            code: ERROR_CODES.SERVICE_UNAVAILABLE,
            message: 'The server is out of disk space: nothing was stored. Try again later.',
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
