import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { ERROR_CODES } from '@netfleet/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { envelope } from './errors';

export interface SpaPluginOptions {
  webDist: string;
}

const isApiPath = (url: string) => /^\/api(\/|\?|$)/.test(url);

const wantsPage = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') &&
  !isApiPath(request.url) &&
  (request.headers.accept ?? '').includes('text/html');

/**
 * The console's pages run only their own scripts: a stored script that slipped past escaping
 * (a device-reported name, a notice) does not run, and nothing is sent to another origin.
 * Images may come from anywhere (the operator's map tiles, notices' http(s) images); they run no
 * code. Styles stay inline-capable for Mantine's injected <style> tags.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: http: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/** What every HTML page of the console is sent with. */
const pageHeaders = {
  'cache-control': 'no-cache',
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
};

/**
 * Serves the built SPA from WEB_DIST. Any other page a browser asks for gets index.html so client
 * routes survive a reload; everything else that matches no route is a 404 envelope.
 */
export const spaPlugin = fp<SpaPluginOptions>(async (app: FastifyInstance, { webDist }) => {
  const built = existsSync(join(webDist, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      setHeaders(reply, path) {
        // Vite fingerprints everything under assets/; index.html must always be revalidated.
        if (path.includes('/assets/'))
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        else if (path.endsWith('.html')) reply.headers(pageHeaders);
        reply.header('x-content-type-options', 'nosniff');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (built && wantsPage(request)) {
      return reply.headers(pageHeaders).sendFile('index.html');
    }
    const path = request.url.split('?')[0];
    const message =
      !built && wantsPage(request)
        ? `The web app is not built (WEB_DIST=${webDist}): run npm run build`
        : `Route ${request.method} ${path} not found`;
    return reply
      .status(404)
      .send(envelope([{ code: ERROR_CODES.NOT_FOUND, message, source: null }]));
  });
});
