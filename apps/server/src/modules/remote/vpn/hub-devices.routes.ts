import {
  errorEnvelopeSchema,
  idSchema,
  vpnChannelAnswerSchema,
  vpnDeviceRuleBodySchema,
  vpnDeviceRulesAnswerSchema,
  vpnDeviceRulesQuerySchema,
  vpnHubDevicesBodySchema,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '@/plugins/auth';
import type { HubDevicesService } from './hub-devices.service';
import { hubParams, manageVpn, viewVpn, vpnErrors, vpnTags as tags } from './hubs.routes';

const deviceParams = z.object({ id: idSchema, device_id: idSchema });

/** RMS: devices joining and leaving a hub, their forwarding rules and configuration sync. */
export const hubDevicesRoutes: FastifyPluginAsyncZod<{
  devicesService: HubDevicesService;
}> = async (app, { devicesService }) => {
  app.post(
    '/api/vpn/hubs/:id/devices',
    {
      config: manageVpn,
      schema: {
        tags,
        summary:
          'Devices join the hub: each gets a certificate and its profile (a vpn_join job); all or none',
        params: hubParams,
        body: vpnHubDevicesBodySchema,
        response: { 200: vpnChannelAnswerSchema, ...vpnErrors },
      },
    },
    async (request) => {
      const { channel } = await devicesService.add(
        requireAuth(request),
        request.params.id,
        request.body.device_id,
        request.ip,
      );
      return { success: true as const, meta: { channel } };
    },
  );

  app.delete(
    '/api/vpn/hubs/:id/devices',
    {
      config: manageVpn,
      schema: {
        tags,
        summary: 'Devices leave the hub: their certificates are revoked, a vpn_leave job each',
        params: hubParams,
        body: vpnHubDevicesBodySchema,
        response: { 200: vpnChannelAnswerSchema, ...vpnErrors },
      },
    },
    async (request) => {
      const { channel } = await devicesService.remove(
        requireAuth(request),
        request.params.id,
        request.body.device_id,
        request.ip,
      );
      return { success: true as const, meta: { channel } };
    },
  );

  app.get(
    '/api/vpn/hubs/:id/devices/rules',
    {
      config: viewVpn,
      schema: {
        tags,
        summary: 'Forwarding from the tunnel to each device’s LAN and WAN zones',
        params: hubParams,
        querystring: vpnDeviceRulesQuerySchema,
        response: { 200: vpnDeviceRulesAnswerSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const { channel, data } = await devicesService.rules(
        requireAuth(request),
        request.params.id,
        request.query.device_id,
      );
      return { success: true as const, meta: { channel }, data };
    },
  );

  app.post(
    '/api/vpn/hubs/:id/devices/:device_id/rules',
    {
      config: manageVpn,
      schema: {
        tags,
        summary: 'Switch a forwarding rule of a device; the device gets its configuration again',
        params: deviceParams,
        body: vpnDeviceRuleBodySchema,
        response: { 200: vpnChannelAnswerSchema, ...vpnErrors },
      },
    },
    async (request) => {
      const { channel } = await devicesService.setRule(
        requireAuth(request),
        request.params.id,
        request.params.device_id,
        request.body,
        request.ip,
      );
      return { success: true as const, meta: { channel } };
    },
  );

  app.post(
    '/api/vpn/hubs/:id/devices/:device_id/sync',
    {
      config: manageVpn,
      schema: {
        tags,
        summary: 'Send the device its VPN configuration again',
        params: deviceParams,
        response: { 200: vpnChannelAnswerSchema, ...vpnErrors },
      },
    },
    async (request) => {
      const { channel } = await devicesService.sync(
        requireAuth(request),
        request.params.id,
        request.params.device_id,
      );
      return { success: true as const, meta: { channel } };
    },
  );
};
