import {
  errorEnvelopeSchema,
  idSchema,
  quickConnectBodySchema,
  vpnClientConfigQuerySchema,
  vpnClientConfigsAnswerSchema,
  vpnProfileAnswerSchema,
  vpnProfileDownloadsAnswerSchema,
  vpnProfileDownloadsQuerySchema,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '@/plugins/auth';
import type { HubProfilesService } from './hub-profiles.service';
import { hubParams, manageVpn, viewVpn, vpnErrors, vpnTags as tags } from './hubs.routes';

const linkParams = z.object({
  id: idSchema,
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Not a profile link'),
});

/**
 * Profiles (quick connect). Handing one out gives away a client's private key: it takes
 * manage_vpn_hubs, and each hand-out is recorded.
 */
export const hubProfilesRoutes: FastifyPluginAsyncZod<{
  profilesService: HubProfilesService;
}> = async (app, { profilesService }) => {
  app.get(
    '/api/vpn/hubs/users/config',
    {
      config: manageVpn,
      schema: {
        tags,
        summary: 'Profiles of these clients (vpn_hub_users=1,2), in data and on the channel',
        querystring: vpnClientConfigQuerySchema,
        response: { 200: vpnClientConfigsAnswerSchema, ...vpnErrors },
      },
    },
    async (request) => {
      const { channel, data } = await profilesService.configs(
        requireAuth(request),
        request.query.vpn_hub_users,
        request.ip,
      );
      return { success: true as const, meta: { channel }, data };
    },
  );

  app.get(
    '/api/vpn/quick-hubs/:id/users/config',
    {
      config: manageVpn,
      schema: {
        tags,
        summary: 'Your own profile on a quick hub, made (valid a day) on first request',
        params: hubParams,
        response: { 200: vpnClientConfigsAnswerSchema, ...vpnErrors },
      },
    },
    async (request) => {
      const { channel, data } = await profilesService.ownQuickConfig(
        requireAuth(request),
        request.params.id,
        request.ip,
      );
      return { success: true as const, meta: { channel }, data };
    },
  );

  app.post(
    '/api/vpn/hubs/:id/quick-connect',
    {
      config: manageVpn,
      schema: {
        tags,
        summary:
          'netfleet: a new profile on the hub for you, a user or a custom name, valid expires_in seconds',
        params: hubParams,
        body: quickConnectBodySchema,
        response: { 201: vpnProfileAnswerSchema, ...vpnErrors },
      },
    },
    async (request, reply) => {
      const data = await profilesService.quickConnect(
        requireAuth(request),
        request.params.id,
        request.body,
        request.ip,
      );
      return reply.status(201).send({ success: true as const, data });
    },
  );

  app.get(
    '/api/vpn/hubs/users/:id/profile',
    {
      config: manageVpn,
      schema: {
        tags,
        summary: 'netfleet: a user client’s profile, its download link and expiry',
        params: z.object({ id: idSchema }),
        response: { 200: vpnProfileAnswerSchema, ...vpnErrors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await profilesService.profileOf(requireAuth(request), request.params.id, request.ip),
    }),
  );

  app.get(
    '/api/vpn/hubs/:id/downloads',
    {
      config: viewVpn,
      schema: {
        tags,
        summary: 'netfleet: who downloaded the hub’s profiles, when and from where',
        params: hubParams,
        querystring: vpnProfileDownloadsQuerySchema,
        response: { 200: vpnProfileDownloadsAnswerSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const { limit, offset, vpn_hub_user_id: hubUserId } = request.query;
      const { data, total } = await profilesService.downloads(
        requireAuth(request),
        request.params.id,
        { limit, offset },
        hubUserId,
      );
      return { success: true as const, data, meta: { total } };
    },
  );

  app.get(
    '/api/vpn/profiles/:id/:token',
    {
      // The link is the credential (an OpenVPN app or a phone fetches it): no session, no XSRF.
      config: { permission: 'public', xsrf: false },
      schema: {
        tags,
        summary: 'netfleet: a profile through its link, until it expires or is revoked',
        params: linkParams,
        produces: ['application/x-openvpn-profile'],
        response: { 200: z.string(), 404: errorEnvelopeSchema, 409: errorEnvelopeSchema },
      },
    },
    // File names are made of [a-z0-9-] (profileFileName): nothing to escape.
    async (request, reply) => {
      const profile = await profilesService.byLink(
        request.params.id,
        request.params.token,
        request.ip,
      );
      return reply
        .header('content-type', 'application/x-openvpn-profile')
        .header('content-disposition', `attachment; filename="${profile.file_name}"`)
        .header('cache-control', 'no-store')
        .send(profile.content);
    },
  );
};
