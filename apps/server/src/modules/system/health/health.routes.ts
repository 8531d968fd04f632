import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '@netfleet/contracts';
import { ApiError, notFound } from '@/lib/api-error';
import { bearerSecret } from '@/plugins/auth';
import type { createMetrics } from './metrics';
import { formatMetrics, PROMETHEUS_CONTENT_TYPE } from './prometheus';
import { checkReadiness, type ReadinessCheck, type ReadinessCheckName } from './readiness';

export interface HealthRoutesOptions {
  checks: Partial<Record<ReadinessCheckName, ReadinessCheck>>;
  metrics: ReturnType<typeof createMetrics>;
  /** METRICS_TOKEN; without it /metrics does not exist. */
  metricsToken: string | undefined;
}

/** Hashed first, so the comparison takes the same time whatever the lengths. */
const sameToken = (given: string, expected: string) =>
  timingSafeEqual(
    createHash('sha256').update(given).digest(),
    createHash('sha256').update(expected).digest(),
  );

/**
 * For load balancers, orchestrators and Prometheus, outside /api and the OpenAPI document.
 * /healthz only says the process serves (no I/O, so a busy database never gets it restarted);
 * /readyz says whether it should be sent traffic; /metrics needs METRICS_TOKEN as a bearer token.
 */
export const healthRoutes = async (app: FastifyInstance, options: HealthRoutesOptions) => {
  const { checks, metrics, metricsToken } = options;

  app.get('/healthz', { config: { permission: 'public' }, schema: { hide: true } }, async () => ({
    status: 'ok',
  }));

  app.get(
    '/readyz',
    { config: { permission: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const report = await checkReadiness(checks, (name, error) =>
        request.log.warn({ check: name, err: error }, 'readiness check failed'),
      );
      return reply.code(report.status === 'ok' ? 200 : 503).send(report);
    },
  );

  app.get(
    '/metrics',
    { config: { permission: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      // As if the route did not exist: an instance without a token tells nothing about itself.
      if (!metricsToken) throw notFound();
      const token = bearerSecret(request.headers.authorization);
      if (!token || !sameToken(token, metricsToken)) {
        throw new ApiError(
          401,
          ERROR_CODES.UNAUTHORIZED,
          'A valid metrics token is required',
          null,
          undefined,
          { 'www-authenticate': 'Bearer' },
        );
      }
      const text = formatMetrics(await metrics.collect());
      return reply.type(PROMETHEUS_CONTENT_TYPE).send(text);
    },
  );
};
