import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '@/modules/context';
import type { DeviceJobsService } from '@/modules/fleet/device-jobs/device-jobs.service';
import type { CompaniesRepository } from '@/modules/organisation/companies/companies.repository';
import { createConfigActionsRepository } from './config-actions.repository';
import { createConfigActionsService } from './config-actions.service';
import { createConfigTemplatesRepository } from './config-templates.repository';
import { createConfigTemplatesService } from './config-templates.service';
import { deviceConfiguratorRoutes } from './device-configurator.routes';

/** Device configuration: templates, configure, read-back, logs and rollback. */
export const deviceConfiguratorModule = async (
  app: FastifyInstance,
  context: ModuleContext,
  deps: {
    jobs: Pick<DeviceJobsService, 'createJobs'>;
    companies: Pick<CompaniesRepository, 'isVisible'>;
  },
) => {
  const templates = createConfigTemplatesService({
    repository: createConfigTemplatesRepository(context.db),
    companies: deps.companies,
    actionLog: context.actionLog,
  });
  const actions = createConfigActionsService({
    repository: createConfigActionsRepository(context.db),
    templates,
    jobs: deps.jobs,
    actionLog: context.actionLog,
  });
  await app.register(deviceConfiguratorRoutes, { templates, actions });
  return { templates };
};
