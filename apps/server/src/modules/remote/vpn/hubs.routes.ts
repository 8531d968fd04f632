import {
  createQuickHubBodySchema,
  createVpnHubBodySchema,
  deleteVpnHubsBodySchema,
  errorEnvelopeSchema,
  idSchema,
  toggleVpnHubBodySchema,
  updateVpnHubBodySchema,
  vpnChannelAnswerSchema,
  vpnHubAnswerSchema,
  vpnHubChannelAnswerSchema,
  vpnHubHostAnswerSchema,
  vpnHubInfoAnswerSchema,
  vpnHubListAnswerSchema,
  vpnHubListQuerySchema,
  vpnHubSchema,
  vpnHubSettingsBodySchema,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listFieldPicker } from '@/lib/query-fields';
import { requireAuth } from '@/plugins/auth';
import type { HubCreateService } from './hub-create.service';
import type { HubLogsService } from './hub-logs.service';
import type { HubsService } from './hubs.service';

export const vpnTags = ['vpn'];
export const viewVpn = { permission: 'view_vpn_hubs' } as const;
export const manageVpn = { permission: 'manage_vpn_hubs' } as const;
export const hubParams = z.object({ id: idSchema });
export const vpnErrors = {
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
};

/** RMS "vpn": the hubs themselves; netfleet adds a hub's page and the host's availability. */
export const hubsRoutes: FastifyPluginAsyncZod<{
  hubsService: HubsService;
  createService: HubCreateService;
  logsService: HubLogsService;
}> = async (app, { hubsService, createService, logsService }) => {
  const tags = vpnTags;

  app.get(
    '/api/vpn/hubs',
    {
      config: viewVpn,
      schema: {
        tags,
        summary: 'VPN hubs of your companies (q searches name and description)',
        querystring: vpnHubListQuerySchema,
        response: { 200: vpnHubListAnswerSchema },
      },
    },
    async (request) => {
      const pick = listFieldPicker(vpnHubSchema, request.query.fields);
      const { data, total } = await hubsService.list(requireAuth(request), request.query);
      return { success: true as const, data: data.map(pick), meta: { total } };
    },
  );

  app.post(
    '/api/vpn/hubs',
    {
      config: manageVpn,
      schema: {
        tags,
        summary:
          'Create a VPN hub: its CA, a free port and subnet (or those given); the channel reports the start',
        body: createVpnHubBodySchema,
        response: { 200: vpnHubChannelAnswerSchema, ...vpnErrors },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { id, channel } = await createService.create(auth, request.body, request.ip);
      return { success: true as const, meta: { channel }, data: await hubsService.get(auth, id) };
    },
  );

  app.delete(
    '/api/vpn/hubs',
    {
      config: manageVpn,
      schema: {
        tags,
        summary: 'Delete VPN hubs ({id:[...]}); all or none. Their devices are told to leave',
        body: deleteVpnHubsBodySchema,
        response: { 200: vpnChannelAnswerSchema, ...vpnErrors },
      },
    },
    async (request) => {
      const { channel } = await hubsService.remove(
        requireAuth(request),
        request.body.id,
        request.ip,
      );
      return { success: true as const, meta: { channel } };
    },
  );

  app.post(
    '/api/vpn/hubs/connect',
    {
      config: manageVpn,
      schema: {
        tags,
        summary: 'Create a quick hub with a device as its endpoint and the LANs behind it',
        body: createQuickHubBodySchema,
        response: { 200: vpnHubChannelAnswerSchema, ...vpnErrors },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { id, channel } = await createService.createQuick(auth, request.body, request.ip);
      return { success: true as const, meta: { channel }, data: await hubsService.get(auth, id) };
    },
  );

  app.get(
    '/api/vpn/hubs/host',
    {
      config: viewVpn,
      schema: {
        tags,
        summary: "netfleet: whether this server's host can run hubs, and what fixes it if not",
        response: { 200: vpnHubHostAnswerSchema },
      },
    },
    async () => ({ success: true as const, data: await hubsService.host() }),
  );

  app.get(
    '/api/vpn/hubs/:id',
    {
      config: viewVpn,
      schema: {
        tags,
        summary: 'netfleet: one hub with its subnet, port, status and counts',
        params: hubParams,
        response: { 200: vpnHubAnswerSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await hubsService.get(requireAuth(request), request.params.id),
    }),
  );

  app.put(
    '/api/vpn/hubs/:id',
    {
      config: manageVpn,
      schema: {
        tags,
        summary: 'Change a hub’s description, tags or name',
        params: hubParams,
        body: updateVpnHubBodySchema,
        response: { 200: vpnHubAnswerSchema, ...vpnErrors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await hubsService.update(
        requireAuth(request),
        request.params.id,
        request.body,
        request.ip,
      ),
    }),
  );

  app.put(
    '/api/vpn/hubs/:id/toggle',
    {
      config: manageVpn,
      schema: {
        tags,
        summary: 'Enable or disable a hub; with duration (seconds) the change lasts that long',
        params: hubParams,
        body: toggleVpnHubBodySchema,
        response: { 200: vpnHubChannelAnswerSchema, ...vpnErrors },
      },
    },
    async (request) => {
      const { channel, data } = await hubsService.toggle(
        requireAuth(request),
        request.params.id,
        request.body,
        request.ip,
      );
      return { success: true as const, meta: { channel }, data };
    },
  );

  app.put(
    '/api/vpn/hubs/:id/settings',
    {
      config: manageVpn,
      schema: {
        tags,
        summary:
          'Change a hub’s subnet (ip, netmask), port, protocol or type; all checked before anything changes',
        params: hubParams,
        body: vpnHubSettingsBodySchema,
        response: { 200: vpnHubChannelAnswerSchema, ...vpnErrors },
      },
    },
    async (request) => {
      const { channel, data } = await hubsService.settings(
        requireAuth(request),
        request.params.id,
        request.body,
        request.ip,
      );
      return { success: true as const, meta: { channel }, data };
    },
  );

  app.get(
    '/api/vpn/hubs/:id/info',
    {
      config: viewVpn,
      schema: {
        tags,
        summary: 'A hub’s state, subnet, sessions and bytes (in data, and on the channel)',
        params: hubParams,
        response: { 200: vpnHubInfoAnswerSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const { channel, data } = await logsService.info(requireAuth(request), request.params.id);
      return { success: true as const, meta: { channel }, data };
    },
  );
};
