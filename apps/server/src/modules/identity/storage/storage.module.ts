import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '@/modules/context';
import { createStorageRepository } from './storage.repository';
import { storageRoutes } from './storage.routes';
import { createStorageService } from './storage.service';

/** Per-user storage of console preferences. */
export const storageModule = async (app: FastifyInstance, context: ModuleContext) => {
  const storageService = createStorageService({
    storageRepository: createStorageRepository(context.db),
  });
  await app.register(storageRoutes, { storageService });
};
