import {
  asyncAcceptedSchema,
  asyncPartialSchema,
  deviceDataPackBodySchema,
  errorEnvelopeSchema,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendAsyncAnswer } from '@/modules/fleet/device-jobs/bulk-answer';
import { requireAuth } from '@/plugins/auth';
import type { DeviceDataPacksService } from './device-data-packs.service';

export const deviceDataPacksRoutes: FastifyPluginAsyncZod<{
  deviceDataPacksService: DeviceDataPacksService;
}> = async (app, { deviceDataPacksService }) => {
  app.put(
    '/api/devices/data-pack',
    {
      // The spec's "set pack" is a device service: the permission of manage services.
      config: { permission: 'update_device_credit_status' },
      schema: {
        tags: ['device credits'],
        summary: 'Set a data pack on devices (netfleet)',
        description:
          'Each device gets a pack of credit_type_id (a data license type): one credit of it is ' +
          'spent from the device’s company, and the device may use the type’s bytes of mobile ' +
          'data until its validity ends (remaining_data on the device). A device holding a ' +
          'running pack with data left is refused. Each device succeeds or fails alone: its ' +
          'outcome is on meta.channel, and a 207 lists the others as errors whose source is ' +
          'data.<index>.<field>. A body without data is one device (device_id at the top): a ' +
          'refusal is then the answer, naming the field.',
        body: deviceDataPackBodySchema,
        response: {
          201: asyncAcceptedSchema,
          207: asyncPartialSchema,
          404: errorEnvelopeSchema,
          422: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) =>
      sendAsyncAnswer(
        reply,
        await deviceDataPacksService.set(requireAuth(request), request.ip, request.body),
        201,
      ),
  );
};
