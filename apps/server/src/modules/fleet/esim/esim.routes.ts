import {
  asyncAcceptedSchema,
  errorEnvelopeSchema,
  esimDevicePathSchema,
  esimProfileArgsSchema,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '@/plugins/auth';
import { sendAsyncAnswer } from '@/modules/fleet/device-jobs/bulk-answer';
import type { EsimService } from './esim.service';

// Spec: the device tab "network and esim" needs create_multi_configuration; changing a visible
// device's eSIM is what that tab offers (view_devices as well, like the device's other tabs).
const manage = { permission: { allOf: ['view_devices', 'create_multi_configuration'] } } as const;

export const esimRoutes: FastifyPluginAsyncZod<{ esimService: EsimService }> = async (
  app,
  { esimService: service },
) => {
  app.post(
    '/api/devices/:id/esim/profiles',
    {
      config: manage,
      schema: {
        tags: ['devices'],
        summary: "Add, enable, disable or delete a profile of a device's eSIM (async)",
        description:
          'add downloads and installs a profile from its activation code (LPA:1$<SM-DP+ ' +
          'address>$<matching ID>, SGP.22); enable, disable and delete name the profile by ' +
          'ICCID. Answers meta.channel at once; the device reports the outcome on it and sends ' +
          'its profiles in a new static reading. 422 when the device has no eSIM. An offline ' +
          'device gets the change when it reconnects, within a day.',
        params: esimDevicePathSchema,
        body: esimProfileArgsSchema,
        response: {
          200: asyncAcceptedSchema,
          404: errorEnvelopeSchema,
          422: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) =>
      sendAsyncAnswer(
        reply,
        await service.change(requireAuth(request), request.params.id, request.body),
      ),
  );

  // RMS getEsimBootstrapStatus: a Status-API read, so the same permission as the eSIM tab.
  app.get(
    '/api/devices/:id/check/esim-bootstrap',
    {
      config: manage,
      schema: {
        tags: ['devices'],
        summary: 'Get a device esim bootstrap status (async)',
        description:
          'Asks the device what its eUICC holds for bootstrapping. Answers meta.channel at once; ' +
          "the channel's item (the device id) ends `completed` with the status as JSON text in " +
          '`value` ({bootstrap: {iccid, provider, enabled} | null, operational_profile}), or ' +
          '`error` with the reason. 422 when the device has no eSIM, 409 DEVICE_OFFLINE when it ' +
          'is not connected.',
        params: esimDevicePathSchema,
        response: {
          200: asyncAcceptedSchema,
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
          422: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const { channel } = await service.checkBootstrap(requireAuth(request), request.params.id);
      return { success: true as const, meta: { channel } };
    },
  );
};
