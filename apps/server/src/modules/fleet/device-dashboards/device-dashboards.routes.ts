import {
  deviceDashboardCreateSchema,
  deviceDashboardParamsSchema,
  deviceDashboardSchema,
  deviceDashboardUpdateSchema,
  emptySuccessSchema,
  errorEnvelopeSchema,
  idSchema,
  listEnvelope,
  successEnvelope,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '@/plugins/auth';
import type { DeviceDashboardsService } from './device-dashboards.service';

const tags = ['device dashboards'];
const view = { permission: 'view_device_dashboard' } as const;
/** Changing a device's dashboards is changing the device (and needs seeing them). */
const manage = {
  permission: { allOf: ['view_device_dashboard', 'update_devices'] },
} as const;
const deviceParams = z.object({ id: idSchema });
const notFound = { 404: errorEnvelopeSchema };
const conflicts = { 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };

/** Spec §2 device page tab `dashboards` and the standalone mobile dashboard. */
export const deviceDashboardsRoutes: FastifyPluginAsyncZod<{
  deviceDashboardsService: DeviceDashboardsService;
}> = async (app, { deviceDashboardsService: service }) => {
  app.get(
    '/api/devices/:id/dashboards',
    {
      config: view,
      schema: {
        tags,
        summary: "netfleet: the device's dashboards with their widgets, oldest first",
        params: deviceParams,
        response: { 200: listEnvelope(deviceDashboardSchema), ...notFound },
      },
    },
    async (request) => {
      const data = await service.list(requireAuth(request), request.params.id);
      return { success: true as const, data, meta: { total: data.length } };
    },
  );

  app.post(
    '/api/devices/:id/dashboards',
    {
      config: manage,
      schema: {
        tags,
        summary:
          'netfleet: create a dashboard (name unique per device, whatever its case; at most 20 per device, 12 widgets each)',
        params: deviceParams,
        body: deviceDashboardCreateSchema,
        response: { 201: successEnvelope(deviceDashboardSchema), ...conflicts },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const data = await service.create(auth, request.params.id, request.body, request.ip);
      return reply.status(201).send({ success: true as const, data });
    },
  );

  app.get(
    '/api/devices/:id/dashboards/:dashboard_id',
    {
      config: view,
      schema: {
        tags,
        summary: 'netfleet: one dashboard of the device',
        params: deviceDashboardParamsSchema,
        response: { 200: successEnvelope(deviceDashboardSchema), ...notFound },
      },
    },
    async (request) => {
      const { id, dashboard_id } = request.params;
      return {
        success: true as const,
        data: await service.get(requireAuth(request), id, dashboard_id),
      };
    },
  );

  app.put(
    '/api/devices/:id/dashboards/:dashboard_id',
    {
      config: manage,
      schema: {
        tags,
        summary:
          'netfleet: rename a dashboard or change its description, period or widgets (the list sent replaces them, in its order)',
        params: deviceDashboardParamsSchema,
        body: deviceDashboardUpdateSchema,
        response: { 200: successEnvelope(deviceDashboardSchema), ...conflicts },
      },
    },
    async (request) => {
      const { id, dashboard_id } = request.params;
      const auth = requireAuth(request);
      return {
        success: true as const,
        data: await service.update(auth, id, dashboard_id, request.body, request.ip),
      };
    },
  );

  app.delete(
    '/api/devices/:id/dashboards/:dashboard_id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'netfleet: delete a dashboard',
        params: deviceDashboardParamsSchema,
        response: { 200: emptySuccessSchema, ...notFound },
      },
    },
    async (request) => {
      const { id, dashboard_id } = request.params;
      await service.remove(requireAuth(request), id, dashboard_id, request.ip);
      return { success: true as const };
    },
  );
};
