import {
  createVpnHubZoneBodySchema,
  deviceDownloadQuerySchema,
  emptySuccessSchema,
  errorEnvelopeSchema,
  hubZoneSpecSchema,
  updateVpnHubZoneBodySchema,
  vpnHubZoneAnswerSchema,
  vpnHubZonesAnswerSchema,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '@/plugins/auth';
import type { HubAgentSpecs } from './hub-agent-specs';
import type { HubZonesService } from './hub-zones.service';
import { hubParams, viewVpn, vpnErrors, vpnTags as tags } from './hubs.routes';

/** Zones are shared by every company: only a super admin makes, changes or removes them. */
const superAdmin = { permission: 'super_admin' } as const;

/** Hub zones (where hubs run) and the spec link of the agents that host them. */
export const hubZonesRoutes: FastifyPluginAsyncZod<{
  zonesService: HubZonesService;
  agentSpecs: HubAgentSpecs;
}> = async (app, { zonesService, agentSpecs }) => {
  app.get(
    '/api/vpn/hubs/zones',
    {
      config: viewVpn,
      schema: {
        tags,
        summary: 'Where hubs can run: this server and the agents in hub mode',
        response: { 200: vpnHubZonesAnswerSchema },
      },
    },
    async () => ({ success: true as const, data: await zonesService.list() }),
  );

  app.post(
    '/api/vpn/hubs/zones',
    {
      config: superAdmin,
      schema: {
        tags,
        summary: 'netfleet: a hub zone hosted by a device running netfleet-agent --hub',
        body: createVpnHubZoneBodySchema,
        response: { 201: vpnHubZoneAnswerSchema, ...vpnErrors },
      },
    },
    async (request, reply) => {
      const data = await zonesService.create(requireAuth(request), request.body, request.ip);
      return reply.status(201).send({ success: true as const, data });
    },
  );

  app.put(
    '/api/vpn/hubs/zones/:id',
    {
      config: superAdmin,
      schema: {
        tags,
        summary: 'netfleet: change a hub zone; a zone in use keeps its name',
        params: hubParams,
        body: updateVpnHubZoneBodySchema,
        response: { 200: vpnHubZoneAnswerSchema, ...vpnErrors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await zonesService.update(
        requireAuth(request),
        request.params.id,
        request.body,
        request.ip,
      ),
    }),
  );

  app.delete(
    '/api/vpn/hubs/zones/:id',
    {
      config: superAdmin,
      schema: {
        tags,
        summary: 'netfleet: delete a hub zone no hub uses',
        params: hubParams,
        response: { 200: emptySuccessSchema, ...vpnErrors },
      },
    },
    async (request) => {
      await zonesService.remove(requireAuth(request), request.params.id, request.ip);
      return { success: true as const };
    },
  );

  app.get(
    '/api/vpn/hubs/:id/agent-spec',
    {
      // An agent has no session: the signed, expiring link of its vpn_hub_apply is its permission.
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'The spec of a hub for the agent hosting its zone (the link of vpn_hub_apply)',
        params: hubParams,
        querystring: deviceDownloadQuerySchema,
        response: { 200: hubZoneSpecSchema, 403: errorEnvelopeSchema, ...vpnErrors },
      },
    },
    async (request) => agentSpecs.specOf(request.params.id, request.query),
  );
};
