import {
  asyncAcceptedSchema,
  asyncPartialSchema,
  cancelDeviceActionBodySchema,
  deviceActionBodySchema,
  deviceActionLogsQuerySchema,
  deviceCommandBodySchema,
  deviceJobSchema,
  emptySuccessSchema,
  errorEnvelopeSchema,
  idSchema,
  listEnvelope,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '@/plugins/auth';
import { sendAsyncAnswer } from './bulk-answer';
import { JOB_EXPIRY_SECONDS, type DeviceJobsService } from './device-jobs.service';

const tags = ['device actions'];
const update = { permission: 'update_devices' } as const;
const asyncResponses = {
  200: asyncAcceptedSchema,
  207: asyncPartialSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
};

export const deviceJobsRoutes: FastifyPluginAsyncZod<{ jobsService: DeviceJobsService }> = async (
  app,
  { jobsService },
) => {
  app.post(
    '/api/devices/actions',
    {
      config: update,
      schema: {
        tags,
        summary: 'Reboot devices or have them send their monitoring data now (async)',
        description:
          'Answers meta.channel at once; each device reports started, progress and completed ' +
          '(or error) on it. Offline devices get the action when they reconnect, within a day. ' +
          '207 when some devices were not found: errors[].source is the device id.',
        body: deviceActionBodySchema,
        response: asyncResponses,
      },
    },
    async (request, reply) => {
      const { action, device_id } = request.body;
      const result = await jobsService.createJobs(
        requireAuth(request),
        device_id,
        action,
        {},
        {
          expiresInSeconds: JOB_EXPIRY_SECONDS.action,
        },
      );
      return sendAsyncAnswer(reply, result);
    },
  );

  app.post(
    '/api/devices/actions/cancel',
    {
      config: update,
      schema: {
        tags,
        summary: 'Cancel an action that the device has not started yet',
        body: cancelDeviceActionBodySchema,
        response: { 200: emptySuccessSchema },
      },
    },
    async (request) => {
      const { device_id, job_id } = request.body;
      await jobsService.cancel(requireAuth(request), device_id, job_id);
      return { success: true as const };
    },
  );

  app.get(
    '/api/devices/actions/logs',
    {
      config: { permission: 'view_devices' },
      schema: {
        tags,
        summary: 'Actions, commands and firmware updates of your devices, newest first',
        querystring: deviceActionLogsQuerySchema,
        response: { 200: listEnvelope(deviceJobSchema) },
      },
    },
    async (request) => {
      const { data, total } = await jobsService.list(requireAuth(request), request.query);
      return { success: true as const, data, meta: { total } };
    },
  );

  app.post(
    '/api/devices/:id/command',
    {
      config: update,
      schema: {
        tags,
        summary: "Run a command on the device (async; the device's allow-list decides)",
        params: z.object({ id: idSchema }),
        body: deviceCommandBodySchema,
        response: asyncResponses,
      },
    },
    async (request, reply) => {
      const result = await jobsService.createJobs(
        requireAuth(request),
        [request.params.id],
        'command',
        { command: request.body.command },
        { expiresInSeconds: JOB_EXPIRY_SECONDS.action },
      );
      return sendAsyncAnswer(reply, result);
    },
  );
};
