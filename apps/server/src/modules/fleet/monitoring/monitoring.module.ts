import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '@/modules/context';
import type { DeviceLink } from '@/modules/fleet/device-gateway/gateway.port';
import type { CompaniesRepository } from '@/modules/organisation/companies/companies.repository';
import { createDeviceMonitoringRepository } from './device-monitoring.repository';
import { createDeviceMonitoringService } from './device-monitoring.service';
import { createMonitoringSteps } from './monitoring-steps';
import { createMonitoringTemplatesRepository } from './monitoring-templates.repository';
import { createMonitoringTemplatesService } from './monitoring-templates.service';
import { monitoringRoutes } from './monitoring.routes';

/** Monitoring periods per device (pushed to it as its config) and monitoring templates. */
export const monitoringModule = async (
  app: FastifyInstance,
  context: ModuleContext,
  deps: { companies: Pick<CompaniesRepository, 'isVisible'>; link: DeviceLink },
) => {
  const templatesService = createMonitoringTemplatesService({
    templatesRepository: createMonitoringTemplatesRepository(context.db),
    companies: deps.companies,
  });
  const monitoringRepository = createDeviceMonitoringRepository(context.db);
  const deviceMonitoringService = createDeviceMonitoringService({
    monitoringRepository,
    status: context.status,
    templates: templatesService,
    link: deps.link,
    log: app.log,
  });
  await app.register(monitoringRoutes, { deviceMonitoringService, templatesService });
  // The task manager's monitoring steps.
  return {
    monitoringSteps: createMonitoringSteps({
      repository: monitoringRepository,
      link: deps.link,
      log: app.log,
    }),
  };
};
