import type { FastifyInstance } from 'fastify';
import { companiesModule } from '@/modules/organisation/companies/companies.module';
import type { ModuleContext } from '@/modules/context';
import { invitationsModule } from '@/modules/organisation/invitations/invitations.module';
import { rolesModule } from '@/modules/organisation/roles/roles.module';
import { tagsModule } from '@/modules/organisation/tags/tags.module';
import { usersModule } from '@/modules/organisation/users/users.module';

/** Who belongs where: companies, tags, roles, users and invitations. */
export const organisationArea = async (app: FastifyInstance, context: ModuleContext) => {
  const { companiesRepository } = await companiesModule(app, context);
  await tagsModule(app, context, { companies: companiesRepository });
  const { rolesService } = await rolesModule(app, context, { companies: companiesRepository });
  await usersModule(app, context, { roles: rolesService });
  await invitationsModule(app, context, { roles: rolesService });
  // The fleet scopes devices to the companies a user may see.
  return { companiesRepository };
};
