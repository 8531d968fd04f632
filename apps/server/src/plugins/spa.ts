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
        else if (path.endsWith('.html')) reply.header('cache-control', 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (built && wantsPage(request)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
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
