import { statfs } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
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

/** Below this much free space in DATA_DIR an upload or the embedded database's next write fails. */
const DISK_FREE_MIN_BYTES = 16 * 2 ** 20;

/** Fails while DATA_DIR's file system is (nearly) full; a DATA_DIR not made yet has nothing to fill. */
const diskCheck =
  (dir: string): ReadinessCheck =>
  async () => {
    const stats = await statfs(dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (stats && stats.bavail * stats.bsize < DISK_FREE_MIN_BYTES) {
      throw new Error(`DATA_DIR=${dir} has less than 16 MB free`);
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
