import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '@/modules/context';
import { createCompaniesRepository } from './companies.repository';
import { companiesRoutes } from './companies.routes';
import { createCompaniesService } from './companies.service';

/** Companies and their tree: create, edit, settings, move, asynchronous delete. */
export const companiesModule = async (app: FastifyInstance, context: ModuleContext) => {
  const companiesRepository = createCompaniesRepository(context.db);
  const companiesService = createCompaniesService({
    companiesRepository,
    status: context.status,
    actionLog: context.actionLog,
    transaction: context.transaction,
  });
  await app.register(companiesRoutes, { companiesService });
  return { companiesRepository };
};
