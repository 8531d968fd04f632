import {
  channelAnswerSchema,
  connectLogQuerySchema,
  connectLogSchema,
  connectSessionsAnswerSchema,
  connectSessionsQuerySchema,
  connectStatusBodySchema,
  deviceLinksAnswerSchema,
  deviceLinksQuerySchema,
  idSchema,
  listEnvelope,
  remoteAccessActionSchema,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '@/plugins/auth';
import type { SessionsService } from './sessions.service';

const tags = ['remote access'];
const view = { permission: 'view_device_remote_access' } as const;
const manage = { permission: 'manage_device_remote_access' } as const;

/** Sessions once open: per rule, per device, the access history, closing, and device checks. */
export const sessionsRoutes: FastifyPluginAsyncZod<{ sessionsService: SessionsService }> = async (
  app,
  { sessionsService },
) => {
  app.get(
    '/api/devices/connect/:access_id/sessions',
    {
      config: view,
      schema: {
        tags,
        summary:
          "A rule's latest session (yours first; data null when none), one object as RMS defines it; meta.total counts them",
        params: z.object({ access_id: idSchema }),
        querystring: connectSessionsQuerySchema,
        response: { 200: connectSessionsAnswerSchema },
      },
    },
    async (request) => {
      const { data, total } = await sessionsService.ofRule(
        requireAuth(request),
        request.params.access_id,
        request.query.active,
      );
      return { success: true as const, data, meta: { total } };
    },
  );

  app.delete(
    '/api/devices/connect/sessions/:session_id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'End a session (yours, or any of a company whose remote access you manage)',
        params: z.object({ session_id: idSchema }),
        response: { 200: channelAnswerSchema },
      },
    },
    async (request) => {
      const { channel } = await sessionsService.close(
        requireAuth(request),
        request.params.session_id,
        request.ip,
      );
      return { success: true as const, meta: { channel } };
    },
  );

  app.post(
    '/api/devices/connect/status',
    {
      config: view,
      schema: {
        tags,
        summary:
          'Per access rule (keyed by its id) on meta.channel: active (you have a session open), online or offline',
        body: connectStatusBodySchema,
        response: { 200: channelAnswerSchema },
      },
    },
    async (request) => {
      const { channel } = await sessionsService.status(requireAuth(request), request.body.id);
      return { success: true as const, meta: { channel } };
    },
  );

  app.get(
    '/api/devices/connect/logs',
    {
      config: view,
      schema: {
        tags,
        summary: 'The access history: sessions started between start_date and end_date',
        querystring: connectLogQuerySchema,
        response: { 200: listEnvelope(connectLogSchema) },
      },
    },
    async (request) => {
      const { data, total } = await sessionsService.logs(requireAuth(request), request.query);
      return { success: true as const, data, meta: { total } };
    },
  );

  app.get(
    '/api/devices/:id/links',
    {
      config: view,
      schema: {
        tags,
        summary: 'Your own open web UI or CLI links to the device',
        params: z.object({ id: idSchema }),
        querystring: deviceLinksQuerySchema,
        response: { 200: deviceLinksAnswerSchema },
      },
    },
    async (request) => {
      const data = await sessionsService.links(
        requireAuth(request),
        request.params.id,
        request.query.type,
      );
      return { success: true as const, data, meta: { total: data.length } };
    },
  );

  app.post(
    '/api/devices/:id/remote-access/:action',
    {
      config: manage,
      schema: {
        tags,
        summary:
          'check: whether the device is connected now (completed, or error DEVICE_OFFLINE); unblock: nothing is blocked in netfleet',
        params: z.object({ id: idSchema, action: remoteAccessActionSchema }),
        response: { 200: channelAnswerSchema },
      },
    },
    async (request) => {
      const { channel } = await sessionsService.action(
        requireAuth(request),
        request.params.id,
        request.params.action,
      );
      return { success: true as const, meta: { channel } };
    },
  );
};
