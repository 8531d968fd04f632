import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '@/modules/context';
import { createFileStore } from '@/modules/fleet/files/file-store';
import type { CompaniesRepository } from '@/modules/organisation/companies/companies.repository';
import { createImagesRepository } from './images.repository';
import { imagesRoutes } from './images.routes';
import { createImagesService } from './images.service';

/** Dashboard images in DATA_DIR/images, stored as uploaded files are (by random key). */
export const imagesModule = async (
  app: FastifyInstance,
  context: ModuleContext,
  { companies }: { companies: Pick<CompaniesRepository, 'isVisible'> },
) => {
  const imagesService = createImagesService({
    imagesRepository: createImagesRepository(context.db),
    companies,
    store: createFileStore(join(context.config.dataDir, 'images')),
  });
  await app.register(imagesRoutes, { imagesService });
};
