import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '@/modules/context';
import { createImagesRepository } from '@/modules/fleet/images/images.repository';
import { createDeviceDashboardsRepository } from './device-dashboards.repository';
import { deviceDashboardsRoutes } from './device-dashboards.routes';
import { createDeviceDashboardsService } from './device-dashboards.service';

/**
 * Device dashboards: the layouts users build per device (the widgets read existing data; image
 * widgets place the companies' dashboard images, so placing one looks the image up).
 */
export const deviceDashboardsModule = async (app: FastifyInstance, context: ModuleContext) => {
  const deviceDashboardsService = createDeviceDashboardsService({
    repository: createDeviceDashboardsRepository(context.db),
    transaction: context.transaction,
    actionLog: context.actionLog,
    findImage: createImagesRepository(context.db).find,
  });
  await app.register(deviceDashboardsRoutes, { deviceDashboardsService });
};
