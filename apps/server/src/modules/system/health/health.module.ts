import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { DISK_FREE_MIN_BYTES, freeDiskBytes } from '@/db/pglite-disk-full';
import type { ModuleContext } from '@/modules/context';
import type { Broker } from '@/plugins/broker';
import { createHealthRepository } from './health.repository';
import { healthRoutes } from './health.routes';
import { createMetrics } from './metrics';
import type { Histogram } from './prometheus';
import type { ReadinessCheck, ReadinessCheckName } from './readiness';

export interface HealthModuleOptions {
  /** The broker devices connect to; without one there is no broker check. */
  broker?: Broker | undefined;
  /** REDIS_URL's client; without one there is no Redis check. */
  redis?: Redis | undefined;
  /** Filled by the hook trackRequestDurations added before the routes. */
  requestDurations: Histogram;
  /** Replace the named checks (tests make one fail). */
  checks?: Partial<Record<ReadinessCheckName, ReadinessCheck>> | undefined;
}

/** Fails while DATA_DIR's file system is (nearly) full; a DATA_DIR not made yet has nothing to fill. */
const diskCheck =
  (dir: string): ReadinessCheck =>
  async () => {
    const free = await freeDiskBytes(dir);
    if (free !== null && free < DISK_FREE_MIN_BYTES) {
      throw new Error(`DATA_DIR=${dir} has less than ${DISK_FREE_MIN_BYTES / 2 ** 20} MB free`);
    }
  };

/** /healthz, /readyz and /metrics (docs/operations.md). */
export const healthModule = async (
  app: FastifyInstance,
  context: ModuleContext,
  options: HealthModuleOptions,
) => {
  const repository = createHealthRepository(context.db);
  const { broker, redis } = options;
  const checks: Partial<Record<ReadinessCheckName, ReadinessCheck>> = {
    database: () => repository.ping(),
    disk: diskCheck(context.config.dataDir),
    ...(broker
      ? {
          broker: async () => {
            if (broker.isUp?.() === false) throw new Error('the MQTT broker is not up');
          },
        }
      : {}),
    ...(redis
      ? {
          redis: async () => {
            await redis.ping();
          },
        }
      : {}),
    ...options.checks,
  };
  const metrics = createMetrics({
    repository,
    // Read at each scrape: the fleet area builds the gateway after this module.
    gateway: () => app.deviceGateway?.stats() ?? null,
    requestDurations: options.requestDurations,
  });
  app.addHook('onClose', async () => metrics.close());
  await app.register(healthRoutes, {
    checks,
    metrics,
    metricsToken: context.config.metricsToken,
  });
};
