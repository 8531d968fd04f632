import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '@/db/client';
import { createStatisticsRepository } from './statistics.repository';
import { statisticsRoutes } from './statistics.routes';
import { createStatisticsService } from './statistics.service';

export interface StatisticsModuleOptions {
  db: Database;
  now: () => Date;
}

/** Device aggregates of the /statistics page: months-stats and unique devices. */
export const statisticsModule: FastifyPluginAsyncZod<StatisticsModuleOptions> = async (
  app,
  { db, now },
) => {
  const statisticsService = createStatisticsService({
    statisticsRepository: createStatisticsRepository(db),
    now,
  });
  await app.register(statisticsRoutes, { statisticsService });
};
