import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '@/modules/context';
import { createDeviceDashboardsRepository } from './device-dashboards.repository';
import { deviceDashboardsRoutes } from './device-dashboards.routes';
import { createDeviceDashboardsService } from './device-dashboards.service';

/** Device dashboards: the layouts users build per device (the widgets read existing data). */
export const deviceDashboardsModule = async (app: FastifyInstance, context: ModuleContext) => {
  const deviceDashboardsService = createDeviceDashboardsService({
    repository: createDeviceDashboardsRepository(context.db),
    transaction: context.transaction,
    actionLog: context.actionLog,
  });
  await app.register(deviceDashboardsRoutes, { deviceDashboardsService });
};
