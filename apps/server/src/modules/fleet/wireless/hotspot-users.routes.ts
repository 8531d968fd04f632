import {
  asyncAcceptedSchema,
  errorEnvelopeSchema,
  hotspotActiveUsersEnvelope,
  hotspotPathSchema,
  hotspotUserBodySchema,
  hotspotUserDeleteQuerySchema,
  hotspotUsersEnvelope,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '@/plugins/auth';
import { sendAsyncAnswer } from '@/modules/fleet/device-jobs/bulk-answer';
import type { HotspotUsersService } from './hotspot-users.service';

const tags = ['hotspots'];
// Reads name the device's hotspot like the other hotspot reads do (view_devices as well).
const view = { permission: { allOf: ['view_devices', 'view_device_hotspots'] } } as const;
// The catalogue has no hotspot-management permission: changing a device's hotspot users is a
// device action (update_devices) on a hotspot the caller can see.
const manage = { permission: { allOf: ['update_devices', 'view_device_hotspots'] } } as const;

const readErrors = {
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  502: errorEnvelopeSchema,
  504: errorEnvelopeSchema,
};
const changeResponses = {
  200: asyncAcceptedSchema,
  404: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
};
const readDescription =
  'Asks the device and waits up to 10 s for its answer. 409 DEVICE_OFFLINE when the device is ' +
  'not connected, 409 DEVICE_ERROR when it refuses (its message says why), 504 DEVICE_TIMEOUT ' +
  'when it does not answer in time.';
const changeDescription =
  'Answers meta.channel at once; the device reports started, progress and completed (or error) ' +
  'on it. An offline device gets the change when it reconnects, within a day.';

export const hotspotUsersRoutes: FastifyPluginAsyncZod<{
  hotspotUsersService: HotspotUsersService;
}> = async (app, { hotspotUsersService: service }) => {
  app.get(
    '/api/devices/:id/hotspots/:index/users',
    {
      config: view,
      schema: {
        tags,
        summary: "The users of a device's hotspot, read from the device",
        description: readDescription,
        params: hotspotPathSchema,
        response: { 200: hotspotUsersEnvelope, ...readErrors },
      },
    },
    async (request) => {
      const data = await service.users(requireAuth(request), request.params);
      // Answered at once, not on a channel (RMS): meta.channel is null.
      return { success: true as const, data, meta: { total: data.length, channel: null } };
    },
  );

  app.get(
    '/api/devices/:id/hotspots/:index/users/active',
    {
      config: view,
      schema: {
        tags,
        summary: "Active sessions of a device's hotspot, read from the device",
        description: readDescription,
        params: hotspotPathSchema,
        response: { 200: hotspotActiveUsersEnvelope, ...readErrors },
      },
    },
    async (request) => {
      const sessions = await service.sessions(requireAuth(request), request.params);
      // RMS's shape: `code` and `hotspots_active_users`, not `data`.
      return {
        success: true as const,
        code: 200,
        hotspots_active_users: sessions,
        meta: { total: sessions.length },
      };
    },
  );

  app.post(
    '/api/devices/:id/hotspots/:index/users',
    {
      config: manage,
      schema: {
        tags,
        summary: "Add a user to a device's hotspot (async)",
        description: changeDescription,
        params: hotspotPathSchema,
        body: hotspotUserBodySchema,
        response: changeResponses,
      },
    },
    async (request, reply) =>
      sendAsyncAnswer(
        reply,
        await service.addUser(requireAuth(request), request.params, request.body),
      ),
  );

  app.delete(
    '/api/devices/:id/hotspots/:index/users',
    {
      config: manage,
      schema: {
        tags,
        summary: "Remove a user from a device's hotspot (async)",
        description: changeDescription,
        params: hotspotPathSchema,
        querystring: hotspotUserDeleteQuerySchema,
        response: changeResponses,
      },
    },
    async (request, reply) =>
      sendAsyncAnswer(
        reply,
        await service.removeUser(requireAuth(request), request.params, request.query.username),
      ),
  );
};
