import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '@/modules/context';
import type { RolesService } from '@/modules/organisation/roles/roles.service';
import { invitationAccountRoutes } from './invitation-account.routes';
import { createInvitationRegistrationService } from './invitation-registration.service';
import { createInvitationsRepository } from './invitations.repository';
import { invitationsRoutes } from './invitations.routes';
import { createInvitationsService } from './invitations.service';

/** Invitations by e-mail, and registration through the mailed link. */
export const invitationsModule = async (
  app: FastifyInstance,
  context: ModuleContext,
  { roles }: { roles: RolesService },
) => {
  const { db, auth, mail, actionLog, transaction, config, now, cookies } = context;
  const invitationsRepository = createInvitationsRepository(db);
  const invitationsService = createInvitationsService({
    invitationsRepository,
    authRepository: auth.authRepository,
    roles,
    mail,
    actionLog,
    transaction,
    publicUrl: config.publicUrl,
    now,
  });
  const invitationRegistrationService = createInvitationRegistrationService({
    invitationsRepository,
    authRepository: auth.authRepository,
    sessionService: auth.sessionService,
    notifications: context.notifications,
    actionLog,
    transaction,
    now,
  });
  await app.register(invitationsRoutes, { invitationsService });
  await app.register(invitationAccountRoutes, { invitationRegistrationService, cookies });
};
