import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '@/modules/context';
import { createImpersonationRepository } from './impersonation.repository';
import { impersonationRoutes } from './impersonation.routes';
import { createImpersonationService } from './impersonation.service';

/** Support acting as a user who allowed it, until the limit date the user chose. */
export const impersonationModule = async (app: FastifyInstance, context: ModuleContext) => {
  const { auth, actionLog, transaction, mail, config, now, cookies } = context;
  const impersonationService = createImpersonationService({
    impersonationRepository: createImpersonationRepository(context.db),
    authRepository: auth.authRepository,
    sessionRepository: auth.sessionRepository,
    sessionService: auth.sessionService,
    actionLog,
    transaction,
    mail,
    publicUrl: config.publicUrl,
    now,
  });
  await app.register(impersonationRoutes, { impersonationService, cookies });
};
