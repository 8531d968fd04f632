import {
  connectAnswerSchema,
  connectBodySchema,
  connectCliBodySchema,
  connectSessionSchema,
  idSchema,
  sessionLaunchSchema,
  successEnvelope,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '@/plugins/auth';
import type { ConnectService } from './connect.service';

const tags = ['remote access'];
const manage = { permission: 'manage_device_remote_access' } as const;
const view = { permission: 'view_device_remote_access' } as const;
const deviceParams = z.object({ id: idSchema });
const sessionParams = z.object({ session_id: idSchema });
const description =
  'Answers the session (its url only to you, who opened it) and meta.channel, on which one ' +
  '`completed` update keyed by the device id carries the link. 409 DEVICE_OFFLINE when the device ' +
  'is not connected: it must open the tunnel.';

/** Opening sessions: the device's web UI or CLI, or what an access rule points at. */
export const connectRoutes: FastifyPluginAsyncZod<{ connectService: ConnectService }> = async (
  app,
  { connectService },
) => {
  app.post(
    '/api/devices/:id/connect/webui',
    {
      config: manage,
      schema: {
        tags,
        summary: "Open the device's web UI for `duration` seconds",
        description,
        params: deviceParams,
        body: connectBodySchema,
        response: { 201: connectAnswerSchema },
      },
    },
    async (request, reply) => {
      const { channel, data } = await connectService.webUi(
        requireAuth(request),
        request.params.id,
        request.body.duration,
        request.ip,
      );
      return reply.status(201).send({ success: true as const, meta: { channel }, data });
    },
  );

  app.post(
    '/api/devices/:id/connect/cli',
    {
      config: manage,
      schema: {
        tags,
        summary: "Open the device's shell (SSH, or telnet with protocol: telnet)",
        description,
        params: deviceParams,
        body: connectCliBodySchema,
        response: { 201: connectAnswerSchema },
      },
    },
    async (request, reply) => {
      const { channel, data } = await connectService.cli(
        requireAuth(request),
        request.params.id,
        request.body,
        request.ip,
      );
      return reply.status(201).send({ success: true as const, meta: { channel }, data });
    },
  );

  app.post(
    '/api/devices/connect/:access_id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Open a session through an access rule (RDP is refused with 422)',
        description,
        params: z.object({ access_id: idSchema }),
        body: connectBodySchema,
        response: { 200: connectAnswerSchema },
      },
    },
    async (request) => {
      const { channel, data } = await connectService.rule(
        requireAuth(request),
        request.params.access_id,
        request.body.duration,
        request.ip,
      );
      return { success: true as const, meta: { channel }, data };
    },
  );

  app.post(
    '/api/devices/connect/sessions/:session_id/launch',
    {
      config: manage,
      schema: {
        tags,
        summary: 'A fresh one-time link to your own open session (it replaces the previous one)',
        params: sessionParams,
        response: { 200: successEnvelope(sessionLaunchSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await connectService.launch(requireAuth(request), request.params.session_id),
    }),
  );

  app.get(
    '/api/devices/connect/sessions/:session_id',
    {
      config: view,
      schema: {
        tags,
        summary: 'One of your own sessions',
        params: sessionParams,
        response: { 200: successEnvelope(connectSessionSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await connectService.get(requireAuth(request), request.params.session_id),
    }),
  );
};
