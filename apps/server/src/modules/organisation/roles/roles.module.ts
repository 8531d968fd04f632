import type { FastifyInstance } from 'fastify';
import type { CompaniesRepository } from '@/modules/organisation/companies/companies.repository';
import type { ModuleContext } from '@/modules/context';
import { createRolesRepository } from './roles.repository';
import { rolesRoutes } from './roles.routes';
import { createRolesService } from './roles.service';

/** Default and custom roles with their permissions. */
export const rolesModule = async (
  app: FastifyInstance,
  context: ModuleContext,
  { companies }: { companies: CompaniesRepository },
) => {
  const rolesService = createRolesService({
    rolesRepository: createRolesRepository(context.db),
    companies,
    actionLog: context.actionLog,
    transaction: context.transaction,
  });
  await app.register(rolesRoutes, { rolesService });
  // Users and invitations may hand out only the roles the actor may see.
  return { rolesService };
};
