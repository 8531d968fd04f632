import {
  channelAnswerSchema,
  connectAutoScanQuerySchema,
  idSchema,
  portScanQuerySchema,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '@/plugins/auth';
import { DEFAULT_SCAN_PORTS, type DeviceProbeService } from './device-probe.service';

const tags = ['device access'];
const manage = { permission: 'manage_device_remote_access' } as const;

export const deviceProbeRoutes: FastifyPluginAsyncZod<{ probes: DeviceProbeService }> = async (
  app,
  { probes },
) => {
  app.get(
    '/api/devices/:id/connect-auto-scan/',
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Which ports of the device answer (default: the access ports 22, 23, 80, 443, 3389, 5900); one status item per port',
        params: z.object({ id: idSchema }),
        querystring: connectAutoScanQuerySchema,
        response: { 200: channelAnswerSchema },
      },
    },
    async (request) => {
      const ports = request.query.ports ?? DEFAULT_SCAN_PORTS;
      const { channel } = await probes.scan(requireAuth(request), request.params.id, ports);
      return { success: true as const, meta: { channel } };
    },
  );

  app.get(
    '/api/devices/:id/port-scan/',
    {
      config: manage,
      schema: {
        tags,
        summary:
          'The hosts the device sees on its LAN (type ethernet), asked of the device; one status item per host',
        params: z.object({ id: idSchema }),
        querystring: portScanQuerySchema,
        response: { 200: channelAnswerSchema },
      },
    },
    async (request) => {
      const { channel } = await probes.scanLan(requireAuth(request), request.params.id);
      return { success: true as const, meta: { channel } };
    },
  );

  app.post(
    '/api/rms-connect/restart',
    {
      config: manage,
      schema: {
        tags,
        summary: "Restart a web UI session's tunnel (url: the session's link or host)",
        body: z.object({ url: z.string().trim().min(1).max(2048) }),
        response: { 200: channelAnswerSchema },
      },
    },
    async (request) => {
      const { channel } = await probes.restart(requireAuth(request), request.body.url);
      return { success: true as const, meta: { channel } };
    },
  );
};
