import {
  asyncAcceptedSchema,
  asyncPartialSchema,
  deviceCreditBodySchema,
  errorEnvelopeSchema,
  movedDeviceCreditsEnvelopeSchema,
  moveDeviceCreditsBodySchema,
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

  app.post(
    '/api/devices/credits/move',
    {
      config: { permission: 'move_devices_credits' },
      schema: {
        tags,
        summary: "Move a device's remaining paid period to another device",
        description:
          "The source device's running management period (its credit type and expiry) moves to " +
          'the target device, which must belong to a paid company and have no running period of ' +
          'its own; the source is left without one. No credit is spent or returned, so the ' +
          'credits ledger is unchanged; the move is written to the action log.',
        body: moveDeviceCreditsBodySchema,
        response: {
          200: movedDeviceCreditsEnvelopeSchema,
          404: errorEnvelopeSchema,
          422: errorEnvelopeSchema,
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await deviceCreditsService.move(requireAuth(request), request.ip, request.body),
    }),
  );
};
