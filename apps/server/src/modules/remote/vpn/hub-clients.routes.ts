import {
  createVpnCustomClientBodySchema,
  createVpnUserClientBodySchema,
  errorEnvelopeSchema,
  idSchema,
  setVpnClientAddressBodySchema,
  toggleVpnClientBodySchema,
  vpnChannelAnswerSchema,
  vpnClientChannelAnswerSchema,
  vpnClientListAnswerSchema,
  vpnClientListQuerySchema,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '@/plugins/auth';
import type { HubClientsService } from './hub-clients.service';
import { hubParams, manageVpn, viewVpn, vpnErrors, vpnTags as tags } from './hubs.routes';

const clientParams = z.object({ id: idSchema });

/** RMS "vpn users": a hub's clients, console and custom users joining, addressing, on/off. */
export const hubClientsRoutes: FastifyPluginAsyncZod<{
  clientsService: HubClientsService;
}> = async (app, { clientsService }) => {
  app.get(
    '/api/vpn/hubs/users',
    {
      config: viewVpn,
      schema: {
        tags,
        summary: 'Clients of the hubs you see (vpn_hub_id narrows to hubs; q searches names)',
        querystring: vpnClientListQuerySchema,
        response: { 200: vpnClientListAnswerSchema },
      },
    },
    async (request) => {
      const { data, total } = await clientsService.list(requireAuth(request), request.query);
      return { success: true as const, data, meta: { total } };
    },
  );

  app.get(
    '/api/vpn/hubs/:id/clients',
    {
      config: viewVpn,
      schema: {
        tags,
        summary: 'netfleet: one hub’s clients with their sessions now',
        params: hubParams,
        querystring: vpnClientListQuerySchema.omit({ vpn_hub_id: true }),
        response: { 200: vpnClientListAnswerSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { data, total } = await clientsService.listOfHub(
        auth,
        request.params.id,
        request.query,
      );
      return { success: true as const, data, meta: { total } };
    },
  );

  app.post(
    '/api/vpn/hubs/users',
    {
      config: manageVpn,
      schema: {
        tags,
        summary: 'A console user joins a hub (expires_in limits the profile, in seconds)',
        body: createVpnUserClientBodySchema,
        response: { 200: vpnClientChannelAnswerSchema, ...vpnErrors },
      },
    },
    async (request) => {
      const { body } = request;
      const { channel, data } = await clientsService.addPerson(
        requireAuth(request),
        { hubId: body.vpn_hub_id, userId: body.user_id, expiresIn: body.expires_in },
        request.ip,
      );
      return { success: true as const, meta: { channel }, data };
    },
  );

  app.post(
    '/api/vpn/hubs/users/custom',
    {
      config: manageVpn,
      schema: {
        tags,
        summary: 'A custom user (a name, no console account) joins a hub',
        body: createVpnCustomClientBodySchema,
        response: { 200: vpnClientChannelAnswerSchema, ...vpnErrors },
      },
    },
    async (request) => {
      const { body } = request;
      const { channel, data } = await clientsService.addPerson(
        requireAuth(request),
        { hubId: body.vpn_hub_id, username: body.username, expiresIn: body.expires_in },
        request.ip,
      );
      return { success: true as const, meta: { channel }, data };
    },
  );

  app.delete(
    '/api/vpn/hubs/users/:id',
    {
      config: manageVpn,
      schema: {
        tags,
        summary: 'Remove a client: its certificate is revoked and its session ends',
        params: clientParams,
        response: { 200: vpnChannelAnswerSchema, ...vpnErrors },
      },
    },
    async (request) => {
      const { channel } = await clientsService.remove(
        requireAuth(request),
        request.params.id,
        request.ip,
      );
      return { success: true as const, meta: { channel } };
    },
  );

  app.post(
    '/api/vpn/hubs/users/:id',
    {
      config: manageVpn,
      schema: {
        tags,
        summary: 'A client’s tunnel address: static (the given or first free one) or dhcp',
        params: clientParams,
        body: setVpnClientAddressBodySchema,
        response: { 200: vpnClientChannelAnswerSchema, ...vpnErrors },
      },
    },
    async (request) => {
      const { channel, data } = await clientsService.setAddress(
        requireAuth(request),
        request.params.id,
        request.body,
        request.ip,
      );
      return { success: true as const, meta: { channel }, data };
    },
  );

  app.post(
    '/api/vpn/hubs/users/:id/toggle',
    {
      config: manageVpn,
      schema: {
        tags,
        summary: 'Switch a client on or off (off ends its session and refuses it)',
        params: clientParams,
        body: toggleVpnClientBodySchema,
        response: { 200: vpnClientChannelAnswerSchema, ...vpnErrors },
      },
    },
    async (request) => {
      const { channel, data } = await clientsService.toggle(
        requireAuth(request),
        request.params.id,
        request.body.enabled,
        request.ip,
      );
      return { success: true as const, meta: { channel }, data };
    },
  );
};
