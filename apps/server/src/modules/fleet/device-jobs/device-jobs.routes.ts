import {
  asyncAcceptedSchema,
  asyncPartialSchema,
  cancelDeviceActionBodySchema,
  DEVICE_ACTION_COMMANDS,
  deviceActionBodySchema,
  deviceActionLogsQuerySchema,
  deviceCommandBodySchema,
  DEVICE_JOB_MESSAGES,
  deviceJobSchema,
  errorEnvelopeSchema,
  idSchema,
  isSupportedDeviceAction,
  listEnvelope,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DeviceBackups } from '@/modules/fleet/files/device-backups';
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

/** A device may start its upload just before its job expires; the link outlives the job by this. */
const LINK_GRACE_SECONDS = 60 * 60;

export const deviceJobsRoutes: FastifyPluginAsyncZod<{
  jobsService: DeviceJobsService;
  backups: Pick<DeviceBackups, 'exportArgs'>;
}> = async (app, { jobsService, backups }) => {
  app.post(
    '/api/devices/actions',
    {
      config: update,
      schema: {
        tags,
        summary: 'Reboot devices, have them send monitoring data now, or export backups (async)',
        description:
          'Answers meta.channel at once; each device reports started, progress and completed ' +
          '(or error) on it. Offline devices get the action when they reconnect, within a day. ' +
          '207 when some devices were not found: errors[].source is the device id. ' +
          'download_backup uploads each device’s configuration backup to Files (the completed ' +
          'update carries its file_id). download_troubleshoot and download_eventslog are ' +
          'accepted, but the ' +
          'device protocol cannot carry them yet: each device answers an UNSUPPORTED error on ' +
          'the channel.',
        body: deviceActionBodySchema,
        response: asyncResponses,
      },
    },
    async (request, reply) => {
      const { action, device_id } = request.body;
      if (!isSupportedDeviceAction(action)) {
        const message = DEVICE_JOB_MESSAGES.unsupportedAction(action);
        const refused = await jobsService.refuseUnsupported(
          requireAuth(request),
          device_id,
          message,
        );
        return sendAsyncAnswer(reply, refused);
      }
      // A backup export carries each device its own signed upload link.
      const linkExpiry = new Date(
        Date.now() + (JOB_EXPIRY_SECONDS.action + LINK_GRACE_SECONDS) * 1000,
      );
      const result = await jobsService.createJobs(
        requireAuth(request),
        device_id,
        DEVICE_ACTION_COMMANDS[action],
        action === 'download_backup' ? (deviceId) => backups.exportArgs(deviceId, linkExpiry) : {},
        { expiresInSeconds: JOB_EXPIRY_SECONDS.action },
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
        summary: 'Cancel actions that the devices have not started yet',
        description:
          'job_id cancels those jobs (of the devices in device_id when both are given); ' +
          'device_id alone cancels every action of those devices not started yet (firmware ' +
          'updates only by job_id). Each device reports on meta.channel how many were ' +
          'cancelled; 207 with errors for jobs not found (source job_id.<id>) or already started.',
        body: cancelDeviceActionBodySchema,
        response: asyncResponses,
      },
    },
    async (request, reply) =>
      sendAsyncAnswer(reply, await jobsService.cancel(requireAuth(request), request.body)),
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
        { ...request.body },
        { expiresInSeconds: JOB_EXPIRY_SECONDS.action },
      );
      return sendAsyncAnswer(reply, result);
    },
  );
};
