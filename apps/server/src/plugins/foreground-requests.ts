import type { FastifyInstance } from 'fastify';
import { runInForeground } from '@/lib/foreground';

/**
 * Every API request runs as foreground work (lib/foreground.ts): on the embedded database its
 * statements go before the device gateway's. Static files and the web UI proxy are left out.
 */
export const trackForegroundRequests = (app: FastifyInstance) => {
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.url.startsWith('/api/')) runInForeground(done);
    else done();
  });
};
