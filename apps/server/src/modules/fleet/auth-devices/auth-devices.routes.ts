import {
  authDeviceListQuerySchema,
  authDeviceSchema,
  emptySuccessSchema,
  errorEnvelopeSchema,
  idSchema,
  listEnvelope,
  successEnvelope,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '@/plugins/auth';
import type { AuthDevicesService } from './auth-devices.service';

const tags = ['devices'];
/** Spec §6: approved devices are the super admin's alone. */
const config = { permission: 'super_admin' } as const;
const params = z.object({ id: idSchema });
const errors = { 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };

/** Spec §7 /devices/authorized: identities refused at enrolment, approved or dismissed. */
export const authDevicesRoutes: FastifyPluginAsyncZod<{
  authDevicesService: AuthDevicesService;
}> = async (app, { authDevicesService }) => {
  app.get(
    '/api/devices/authorized',
    {
      config,
      schema: {
        tags,
        summary:
          'netfleet: identities refused at enrolment because their serial belongs to another device (status=refused), or the approvals done (status=approved)',
        querystring: authDeviceListQuerySchema,
        response: { 200: listEnvelope(authDeviceSchema) },
      },
    },
    async (request) => {
      const { data, total } = await authDevicesService.list(requireAuth(request), request.query);
      return { success: true as const, data, meta: { total } };
    },
  );

  app.post(
    '/api/devices/authorized/:id/approve',
    {
      config,
      schema: {
        tags,
        summary:
          'netfleet: the registered device takes this MAC/IMEI (e.g. after a mainboard swap) and enrols again with the refused request’s claim',
        params,
        response: { 200: successEnvelope(authDeviceSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await authDevicesService.approve(requireAuth(request), request.params.id, request.ip),
    }),
  );

  app.delete(
    '/api/devices/authorized/:id',
    {
      config,
      schema: {
        tags,
        summary: 'netfleet: dismiss a refused identity (it reappears if the device tries again)',
        params,
        response: { 200: emptySuccessSchema, ...errors },
      },
    },
    async (request) => {
      await authDevicesService.dismiss(requireAuth(request), request.params.id, request.ip);
      return { success: true as const };
    },
  );
};
