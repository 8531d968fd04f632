import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '@/modules/context';
import { createFileStore } from '@/modules/fleet/files/file-store';
import { createDeviceDocumentationsRepository } from './device-documentations.repository';
import { deviceDocumentationsRoutes } from './device-documentations.routes';
import { createDeviceDocumentationsService } from './device-documentations.service';

/**
 * Device API documentations in DATA_DIR/device-documentations (stored as uploaded files are, by
 * random key); the built-in one is written in step with the contracts when the server is ready.
 * Data collection asks it which documentation a config names.
 */
export const deviceDocumentationsModule = async (app: FastifyInstance, context: ModuleContext) => {
  const documentations = createDeviceDocumentationsService({
    repository: createDeviceDocumentationsRepository(context.db),
    store: createFileStore(join(context.config.dataDir, 'device-documentations')),
  });
  app.addHook('onReady', () => documentations.ensureBuiltIn());
  await app.register(deviceDocumentationsRoutes, { documentations });
  return { documentations };
};
