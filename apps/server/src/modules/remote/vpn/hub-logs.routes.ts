import {
  deviceVpnStatusAnswerSchema,
  deviceVpnStatusQuerySchema,
  errorEnvelopeSchema,
  idSchema,
  vpnClientLogsQuerySchema,
  vpnClientUsageLogsAnswerSchema,
  vpnConnectionLogQuerySchema,
  vpnConnectionLogsAnswerSchema,
  vpnDataUsageAnswerSchema,
  vpnDataUsageQuerySchema,
  vpnHubLogsQuerySchema,
  vpnHubUsageLogsAnswerSchema,
  vpnSessionsAnswerSchema,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '@/plugins/auth';
import type { HubLogsService } from './hub-logs.service';
import { hubParams, viewVpn, vpnTags as tags } from './hubs.routes';

const errors = { 404: errorEnvelopeSchema, 422: errorEnvelopeSchema };

/** What hubs report: sessions, daily usage, the connection log; and devices' VPN status. */
export const hubLogsRoutes: FastifyPluginAsyncZod<{ logsService: HubLogsService }> = async (
  app,
  { logsService },
) => {
  app.get(
    '/api/vpn/hubs/:id/sessions',
    {
      config: viewVpn,
      schema: {
        tags,
        summary: 'Clients connected to the hub now',
        params: hubParams,
        response: { 200: vpnSessionsAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { channel, data } = await logsService.sessions(requireAuth(request), request.params.id);
      return { success: true as const, meta: { channel }, data };
    },
  );

  app.get(
    '/api/vpn/hubs/:id/logs',
    {
      config: viewVpn,
      schema: {
        tags,
        summary: 'The hub’s traffic per day (UTC) between start_date and end_date',
        params: hubParams,
        querystring: vpnHubLogsQuerySchema,
        response: { 200: vpnHubUsageLogsAnswerSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await logsService.hubLogs(
        requireAuth(request),
        request.params.id,
        request.query.start_date,
        request.query.end_date,
      ),
    }),
  );

  app.get(
    '/api/vpn/hubs/:id/logs/user-connections',
    {
      config: viewVpn,
      schema: {
        tags,
        summary: 'The hub’s connection log, newest first',
        params: hubParams,
        querystring: vpnConnectionLogQuerySchema,
        response: { 200: vpnConnectionLogsAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { limit, offset, vpn_hub_user_id: hubUserId } = request.query;
      const { data, total } = await logsService.connections(
        requireAuth(request),
        request.params.id,
        { limit, offset },
        hubUserId,
      );
      return { success: true as const, data, meta: { total } };
    },
  );

  app.get(
    '/api/vpn/hubs/:id/users/:hub_user_id/logs',
    {
      config: viewVpn,
      schema: {
        tags,
        summary: 'One client’s traffic per day (the last 30 days unless a range is given)',
        params: z.object({ id: idSchema, hub_user_id: idSchema }),
        querystring: vpnClientLogsQuerySchema,
        response: { 200: vpnClientUsageLogsAnswerSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await logsService.clientLogs(
        requireAuth(request),
        request.params.id,
        request.params.hub_user_id,
        { start: request.query.start_date, end: request.query.end_date },
      ),
    }),
  );

  app.get(
    '/api/vpn/hubs/:id/data-usage',
    {
      config: viewVpn,
      schema: {
        tags,
        summary: 'netfleet: the hub’s traffic per day and per client over a range',
        params: hubParams,
        querystring: vpnDataUsageQuerySchema,
        response: { 200: vpnDataUsageAnswerSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await logsService.dataUsage(requireAuth(request), request.params.id, request.query),
    }),
  );

  app.get(
    '/api/devices/device-vpn-status',
    {
      config: { permission: { allOf: ['view_devices', 'view_vpn_hubs'] } },
      schema: {
        tags,
        summary: 'Devices’ VPNs: the L2TP tunnels they report and the hubs they are clients of',
        querystring: deviceVpnStatusQuerySchema,
        response: { 200: deviceVpnStatusAnswerSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await logsService.deviceVpnStatus(requireAuth(request), request.query.device_id),
    }),
  );
};
