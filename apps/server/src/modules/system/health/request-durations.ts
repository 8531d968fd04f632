import type { FastifyInstance } from 'fastify';
import { createHistogram, type Histogram } from './prometheus';

/** Seconds; Prometheus's default buckets, which span a cached read to a slow report. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Times every response by method, route pattern and status class. The pattern (`/api/devices/:id`),
 * never the URL, so ids and tokens in paths neither reach the metrics nor multiply its series;
 * requests no route matched share one label. Added before the areas so it sees every route.
 */
export const trackRequestDurations = (app: FastifyInstance): Histogram => {
  const histogram = createHistogram(['method', 'route', 'status'], BUCKETS);
  app.addHook('onResponse', (request, reply, done) => {
    histogram.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: `${String(Math.floor(reply.statusCode / 100))}xx`,
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
  return histogram;
};
