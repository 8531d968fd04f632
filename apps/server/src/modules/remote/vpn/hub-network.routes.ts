import {
  createVpnRouteBodySchema,
  deleteVpnRouteBodySchema,
  errorEnvelopeSchema,
  idSchema,
  vpnChannelAnswerSchema,
  vpnDhcpAnswerSchema,
  vpnDhcpBodySchema,
  vpnQuickRoutesAnswerSchema,
  vpnQuickRoutesQuerySchema,
  vpnRouteChannelAnswerSchema,
  vpnRoutesAnswerSchema,
  vpnRoutesQuerySchema,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '@/plugins/auth';
import type { HubNetworkService } from './hub-network.service';
import { hubParams, manageVpn, viewVpn, vpnErrors, vpnTags as tags } from './hubs.routes';

/** RMS "vpn hub routes" and "vpn hub dhcp". */
export const hubNetworkRoutes: FastifyPluginAsyncZod<{
  networkService: HubNetworkService;
}> = async (app, { networkService }) => {
  app.get(
    '/api/vpn/hubs/routes',
    {
      config: viewVpn,
      schema: {
        tags,
        summary: 'A hub’s routes (vpn_hub_id), one client’s (vpn_hub_user_id), or of all your hubs',
        querystring: vpnRoutesQuerySchema,
        response: { 200: vpnRoutesAnswerSchema, ...vpnErrors },
      },
    },
    async (request) => {
      const { channel, data } = await networkService.routes(requireAuth(request), request.query);
      return { success: true as const, meta: { channel }, data };
    },
  );

  app.post(
    '/api/vpn/hubs/routes',
    {
      config: manageVpn,
      schema: {
        tags,
        summary:
          'Route a LAN through a device client of the hub; it must overlap no subnet or route',
        body: createVpnRouteBodySchema,
        response: { 200: vpnRouteChannelAnswerSchema, ...vpnErrors },
      },
    },
    async (request) => {
      const { channel, data } = await networkService.addRoute(
        requireAuth(request),
        request.body,
        request.ip,
      );
      return { success: true as const, meta: { channel }, data };
    },
  );

  app.delete(
    '/api/vpn/hubs/routes/:id',
    {
      config: manageVpn,
      schema: {
        tags,
        summary: 'Remove a route',
        params: z.object({ id: idSchema }),
        body: deleteVpnRouteBodySchema,
        response: { 200: vpnChannelAnswerSchema, ...vpnErrors },
      },
    },
    async (request) => {
      const { channel } = await networkService.removeRoute(
        requireAuth(request),
        request.params.id,
        request.body,
        request.ip,
      );
      return { success: true as const, meta: { channel } };
    },
  );

  app.get(
    '/api/vpn/quick-hubs/:id/routes',
    {
      config: viewVpn,
      schema: {
        tags,
        summary: 'A quick hub’s routes, a page at a time',
        params: hubParams,
        querystring: vpnQuickRoutesQuerySchema,
        response: { 200: vpnQuickRoutesAnswerSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const { data, total } = await networkService.routesPage(
        requireAuth(request),
        request.params.id,
        request.query,
      );
      return { success: true as const, data, meta: { total } };
    },
  );

  app.get(
    '/api/vpn/hubs/:id/dhcp',
    {
      config: viewVpn,
      schema: {
        tags,
        summary: 'The DHCP options (DNS, WINS) the hub pushes',
        params: hubParams,
        response: { 200: vpnDhcpAnswerSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const { channel, data } = await networkService.dhcp(requireAuth(request), request.params.id);
      return { success: true as const, meta: { channel }, data };
    },
  );

  app.post(
    '/api/vpn/hubs/:id/dhcp',
    {
      config: manageVpn,
      schema: {
        tags,
        summary: 'Push a DNS or WINS server to the hub’s clients',
        params: hubParams,
        body: vpnDhcpBodySchema,
        response: { 200: vpnChannelAnswerSchema, ...vpnErrors },
      },
    },
    async (request) => {
      const { channel } = await networkService.addDhcp(
        requireAuth(request),
        request.params.id,
        request.body,
        request.ip,
      );
      return { success: true as const, meta: { channel } };
    },
  );

  app.delete(
    '/api/vpn/hubs/:id/dhcp',
    {
      config: manageVpn,
      schema: {
        tags,
        summary: 'Stop pushing a DNS or WINS server',
        params: hubParams,
        body: vpnDhcpBodySchema,
        response: { 200: vpnChannelAnswerSchema, ...vpnErrors },
      },
    },
    async (request) => {
      const { channel } = await networkService.removeDhcp(
        requireAuth(request),
        request.params.id,
        request.body,
        request.ip,
      );
      return { success: true as const, meta: { channel } };
    },
  );
};
