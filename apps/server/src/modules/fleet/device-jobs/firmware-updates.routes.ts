import {
  asyncAcceptedSchema,
  asyncPartialSchema,
  bulkDevicesPartialSchema,
  bulkDevicesResultSchema,
  errorEnvelopeSchema,
  firmwareUpdateCancelBodySchema,
  firmwareUpdateSetBodySchema,
  listEnvelope,
  pendingUpdateSchema,
  pendingUpdatesQuerySchema,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '@/plugins/auth';
import { failureStatus, sendAsyncAnswer } from './bulk-answer';
import type { FirmwareUpdatesService } from './firmware-updates.service';

const tags = ['device update actions'];
const update = { permission: 'update_devices' } as const;

export const firmwareUpdatesRoutes: FastifyPluginAsyncZod<{
  firmwareUpdatesService: FirmwareUpdatesService;
}> = async (app, { firmwareUpdatesService }) => {
  app.post(
    '/api/devices/updates/set',
    {
      config: update,
      schema: {
        tags,
        summary: 'Update the firmware of devices from uploaded firmware files (async)',
        description:
          'Each device downloads its file over a signed, expiring link and reports download and ' +
          'install progress on meta.channel. Offline devices update when they reconnect, within ' +
          'a week. 207 with errors[].source = device id for the devices that were not updated.',
        body: firmwareUpdateSetBodySchema,
        response: {
          200: asyncAcceptedSchema,
          207: asyncPartialSchema,
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
          422: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) =>
      sendAsyncAnswer(reply, await firmwareUpdatesService.set(requireAuth(request), request.body)),
  );

  app.post(
    '/api/devices/updates/cancel',
    {
      config: update,
      schema: {
        tags,
        summary: 'Cancel firmware updates the devices have not started',
        description:
          'data[].id is the device; job_id narrows to those update jobs. Answers the ids of the ' +
          'cancelled jobs; 207 adds errors whose source is the device id.',
        body: firmwareUpdateCancelBodySchema,
        response: {
          200: bulkDevicesResultSchema,
          207: bulkDevicesPartialSchema,
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
          422: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const { jobIds, errors } = await firmwareUpdatesService.cancel(
        requireAuth(request),
        request.body.data,
      );
      if (jobIds.length === 0) {
        return reply.code(failureStatus(errors)).send({ success: false as const, errors });
      }
      const data = jobIds;
      if (errors.length) return reply.code(207).send({ success: true as const, data, errors });
      return { success: true as const, data };
    },
  );

  app.get(
    '/api/devices/updates/pending',
    {
      config: { permission: 'view_devices' },
      schema: {
        tags,
        summary: 'Firmware updates not finished yet',
        querystring: pendingUpdatesQuerySchema,
        response: { 200: listEnvelope(pendingUpdateSchema) },
      },
    },
    async (request) => {
      const { data, total } = await firmwareUpdatesService.pending(
        requireAuth(request),
        request.query,
      );
      return { success: true as const, data, meta: { total } };
    },
  );
};
