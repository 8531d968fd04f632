import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '@/modules/context';
import type { RolesService } from '@/modules/organisation/roles/roles.service';
import { createSuppressedEmailsRepository } from './suppressed-emails.repository';
import { createSuppressedEmailsService } from './suppressed-emails.service';
import { userAdminRoutes } from './user-admin.routes';
import { createUserMovesRepository } from './user-moves.repository';
import { createUserMovesService } from './user-moves.service';
import { createUsersRepository } from './users.repository';
import { usersRoutes } from './users.routes';
import { createUsersService } from './users.service';

/** Users: list, roles, moves between companies with their log, deletion, mail suppression. */
export const usersModule = async (
  app: FastifyInstance,
  context: ModuleContext,
  { roles }: { roles: RolesService },
) => {
  const { db, actionLog, transaction } = context;
  const usersRepository = createUsersRepository(db);
  const usersService = createUsersService({ usersRepository, roles, actionLog, transaction });
  const userMovesService = createUserMovesService({
    usersRepository,
    userMovesRepository: createUserMovesRepository(db),
    roles,
    actionLog,
    transaction,
  });
  const suppressedEmailsService = createSuppressedEmailsService({
    suppressedEmailsRepository: createSuppressedEmailsRepository(db),
    actionLog,
  });
  await app.register(usersRoutes, { usersService, userMovesService });
  await app.register(userAdminRoutes, { usersService, suppressedEmailsService });
};
