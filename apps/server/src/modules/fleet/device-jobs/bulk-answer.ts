import { ERROR_CODES, type ErrorItem } from '@netfleet/contracts';
import type { FastifyReply } from 'fastify';

/** The status of a bulk request where nothing was done: 404 only if nothing was found at all. */
export const failureStatus = (errors: ErrorItem[]) => {
  if (errors.every((error) => error.code === ERROR_CODES.NOT_FOUND)) return 404;
  if (errors.every((error) => error.code === ERROR_CODES.CONFLICT)) return 409;
  return 422;
};

/**
 * The answer to an asynchronous bulk request (RMS): the channel when all was queued (`ok`, 200
 * unless RMS answers the operation otherwise), 207 with per-item errors (source = device id) when
 * some was, an error envelope when none was.
 */
export const sendAsyncAnswer = (
  reply: FastifyReply,
  { channel, errors }: { channel: string | null; errors: ErrorItem[] },
  ok = 200,
) => {
  if (channel === null) {
    return reply.code(failureStatus(errors)).send({ success: false as const, errors });
  }
  if (errors.length)
    return reply.code(207).send({ success: true as const, meta: { channel }, errors });
  return reply.code(ok).send({ success: true as const, meta: { channel } });
};
