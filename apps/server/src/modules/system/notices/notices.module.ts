import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '@/modules/context';
import { createNoticesRepository } from './notices.repository';
import { noticesRoutes } from './notices.routes';
import { createNoticesService } from './notices.service';

/** Global notices administrators write for every user. */
export const noticesModule = async (app: FastifyInstance, context: ModuleContext) => {
  const noticesService = createNoticesService({
    noticesRepository: createNoticesRepository(context.db),
    publisher: context.publisher,
    now: context.now,
  });
  await app.register(noticesRoutes, { noticesService });
};
