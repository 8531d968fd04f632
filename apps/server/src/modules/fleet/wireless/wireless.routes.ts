import {
  deviceHotspotSchema,
  deviceWirelessQuerySchema,
  deviceWirelessSchema,
  fieldNamesEnvelope,
  HOTSPOT_FIELDS,
  hotspotListQuerySchema,
  hotspotSchema,
  idSchema,
  listEnvelope,
  WIRELESS_FIELDS,
  wirelessGraphEnvelope,
  wirelessGraphQuerySchema,
  wirelessInterfaceSchema,
  wirelessListQuerySchema,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '@/plugins/auth';
import type { WirelessService } from './wireless.service';

const idParams = z.object({ id: idSchema });
// The fleet-wide lists need only their page's permission (spec: /management/hotspots and
// /management/wifi), so a role made for Wi-Fi work sees its page; rows still name only devices
// of the caller's companies. A device's own hotspots and Wi-Fi are device reads: view_devices too.
const listHotspots = { permission: 'view_device_hotspots' } as const;
const listWireless = { permission: 'view_wireless_information' } as const;
const viewHotspots = { permission: { allOf: ['view_devices', 'view_device_hotspots'] } } as const;
const viewWireless = {
  permission: { allOf: ['view_devices', 'view_wireless_information'] },
} as const;
// total stays a number (RMS API v3); the flag only appears on estimates, as on GET /api/devices.
const list = <T>(data: T[], total = data.length, estimated = false) => ({
  success: true as const,
  data,
  meta: estimated ? { total, total_estimated: true } : { total },
});

export const wirelessRoutes: FastifyPluginAsyncZod<{ wirelessService: WirelessService }> = async (
  app,
  { wirelessService: service },
) => {
  app.get(
    '/api/hotspots',
    {
      config: listHotspots,
      schema: {
        tags: ['hotspots'],
        summary: 'Hotspots of every device you can see, from their latest readings',
        querystring: hotspotListQuerySchema,
        response: { 200: z.union([listEnvelope(hotspotSchema), fieldNamesEnvelope]) },
      },
    },
    async (request) => {
      if (request.query.fields_only) return { success: true as const, data: HOTSPOT_FIELDS };
      const { data, total, estimated } = await service.hotspots(
        requireAuth(request),
        request.query,
      );
      return list(data, total, estimated);
    },
  );

  app.get(
    '/api/devices/:id/hotspots',
    {
      config: viewHotspots,
      schema: {
        tags: ['hotspots'],
        summary: "One device's hotspots, from its latest reading",
        params: idParams,
        response: { 200: listEnvelope(deviceHotspotSchema) },
      },
    },
    async (request) => list(await service.deviceHotspots(requireAuth(request), request.params.id)),
  );

  app.get(
    '/api/wireless',
    {
      config: listWireless,
      schema: {
        tags: ['wireless'],
        summary: 'Wi-Fi interfaces of every device you can see, from their latest readings',
        querystring: wirelessListQuerySchema,
        response: { 200: z.union([listEnvelope(wirelessInterfaceSchema), fieldNamesEnvelope]) },
      },
    },
    async (request) => {
      if (request.query.fields_only) return { success: true as const, data: WIRELESS_FIELDS };
      const { data, total, estimated } = await service.wireless(
        requireAuth(request),
        request.query,
      );
      return list(data, total, estimated);
    },
  );

  app.get(
    '/api/devices/:id/wireless',
    {
      config: viewWireless,
      schema: {
        tags: ['wireless'],
        summary: "One device's Wi-Fi interfaces, from its latest reading",
        params: idParams,
        querystring: deviceWirelessQuerySchema,
        response: { 200: listEnvelope(deviceWirelessSchema) },
      },
    },
    async (request) =>
      list(await service.deviceWireless(requireAuth(request), request.params.id, request.query)),
  );

  app.get(
    '/api/devices/:id/wireless/graph',
    {
      config: viewWireless,
      schema: {
        tags: ['wireless'],
        summary: "Clients of a device's Wi-Fi interfaces over time (by default the last 24 hours)",
        params: idParams,
        querystring: wirelessGraphQuerySchema,
        response: { 200: wirelessGraphEnvelope },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.wirelessGraph(requireAuth(request), request.params.id, request.query),
    }),
  );
};
