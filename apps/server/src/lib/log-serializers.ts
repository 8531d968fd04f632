import type { FastifyRequest } from 'fastify';

/** `/api/vpn/profiles/<id>/<token>`: the token alone downloads a VPN profile, keys included. */
const PROFILE_LINK = /^(\/api\/vpn\/profiles\/[^/?#]*\/)[^/?#]+/;

/** The request URL as it may be logged: secrets in the path replaced by `[redacted]`. */
export const redactUrl = (url: string): string => url.replace(PROFILE_LINK, '$1[redacted]');

/**
 * Fastify's own request serializer (fastify/lib/logger-pino.js) with the URL redacted: request
 * logs go to files and log services, where a sign-in-free profile link must not be readable.
 */
export const serializeRequest = (request: FastifyRequest) => {
  const version = request.headers['accept-version'];
  return {
    method: request.method,
    url: redactUrl(request.url),
    version: Array.isArray(version) ? version[0] : version,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
};

/** The serializers the server's logger uses (Fastify keeps its own for the others). */
export const logSerializers = { req: serializeRequest };
