import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '@/modules/context';
import { createEmailConfigurationsRepository } from './email-configurations.repository';
import { emailConfigurationsRoutes } from './email-configurations.routes';
import { createEmailConfigurationsService } from './email-configurations.service';
import { createSmtpHostGuard } from './smtp-host-guard';

/** Per-company SMTP configurations with a test send. */
export const emailConfigurationsModule = async (app: FastifyInstance, context: ModuleContext) => {
  const emailConfigurationsService = createEmailConfigurationsService({
    emailConfigurationsRepository: createEmailConfigurationsRepository(context.db),
    mail: context.mail,
    actionLog: context.actionLog,
    hosts: createSmtpHostGuard({ allowPrivateNetworks: context.config.smtpAllowPrivateNetworks }),
  });
  await app.register(emailConfigurationsRoutes, { emailConfigurationsService });
};
