import {
  asyncAcceptedSchema,
  asyncPartialSchema,
  deviceCreditBodySchema,
  errorEnvelopeSchema,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendAsyncAnswer } from '@/modules/fleet/device-jobs/bulk-answer';
import { requireAuth } from '@/plugins/auth';
import type { DeviceCreditsService } from './device-credits.service';

const tags = ['device credits'];

export const deviceCreditsRoutes: FastifyPluginAsyncZod<{
  deviceCreditsService: DeviceCreditsService;
}> = async (app, { deviceCreditsService }) => {
  app.put(
    '/api/devices/credit',
    {
      config: { permission: 'update_device_credit_status' },
      schema: {
        tags,
        summary: "Enable or disable devices' management credits and their auto-extend",
        description:
          'Enabling a device of a paid company that has no running period spends one credit of ' +
          'credit_type_id (a management type) from its company, covering it for the type’s ' +
          'validity from now; disabling keeps what was paid. Each device succeeds or fails alone: ' +
          'its outcome is on meta.channel, and a 207 lists the others as errors whose source is ' +
          'data.<index>.<field>. A body without data is one device (device_id at the top): a ' +
          'refusal is then the answer, naming the field.',
        body: deviceCreditBodySchema,
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
        await deviceCreditsService.update(requireAuth(request), request.body),
        201,
      ),
  );
};
