import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What a proxy's id may look like to be kept: short, and safe to log and echo. */
const VALID_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Fastify's genReqId: the id a proxy in front gave the request (X-Request-Id), so its logs and
 * ours name the same request, or a random one. Anything else a client sends is not trusted into
 * the logs.
 */
export const requestId = (request: IncomingMessage): string => {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && VALID_REQUEST_ID.test(given) ? given : randomUUID();
};

/** Every response names its request id, so a user's report can be found in the logs (reqId). */
export const echoRequestIds = (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
};
