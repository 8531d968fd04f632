import type { FastifyInstance } from 'fastify';
import type { CompaniesRepository } from '@/modules/organisation/companies/companies.repository';
import type { ModuleContext } from '@/modules/context';
import { createTagsRepository } from './tags.repository';
import { tagsRoutes } from './tags.routes';
import { createTagsService } from './tags.service';

/** Tags of a company's devices. */
export const tagsModule = async (
  app: FastifyInstance,
  context: ModuleContext,
  { companies }: { companies: CompaniesRepository },
) => {
  const tagsService = createTagsService({
    tagsRepository: createTagsRepository(context.db),
    companies,
    actionLog: context.actionLog,
  });
  await app.register(tagsRoutes, { tagsService });
};
