import {
  createMonitoringTemplateBodySchema,
  deviceMonitoringBodySchema,
  deviceMonitoringEnvelope,
  deviceMonitoringPartialSchema,
  emptySuccessSchema,
  errorEnvelopeSchema,
  idSchema,
  listEnvelope,
  monitoringTemplateListQuerySchema,
  monitoringTemplateSchema,
  successEnvelope,
  updateMonitoringTemplateBodySchema,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failureStatus } from '@/modules/fleet/device-jobs/bulk-answer';
import { requireAuth } from '@/plugins/auth';
import type { DeviceMonitoringService } from './device-monitoring.service';
import type { MonitoringTemplatesService } from './monitoring-templates.service';

const tags = ['monitoring'];
const idParams = z.object({ id: idSchema });
const manage = { permission: 'update_monitoring' } as const;

export const monitoringRoutes: FastifyPluginAsyncZod<{
  deviceMonitoringService: DeviceMonitoringService;
  templatesService: MonitoringTemplatesService;
}> = async (app, { deviceMonitoringService, templatesService }) => {
  app.put(
    '/api/devices/monitoring',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Set monitoring periods of devices, directly or from a template',
        description:
          'Periods are 0 (off) or 60 to 31536000 seconds. A category the device does not ' +
          'support can only be switched off. 207 with errors[].source = device id when some ' +
          'devices were not updated.',
        body: deviceMonitoringBodySchema,
        response: {
          200: deviceMonitoringEnvelope,
          207: deviceMonitoringPartialSchema,
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
          422: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const { data, errors, channel } = await deviceMonitoringService.update(
        requireAuth(request),
        request.body,
      );
      if (data.length === 0 || channel === null) {
        return reply.code(failureStatus(errors)).send({ success: false as const, errors });
      }
      const meta = { channel };
      if (errors.length) {
        return reply.code(207).send({ success: true as const, data, errors, meta });
      }
      return { success: true as const, data, meta };
    },
  );

  app.get(
    '/api/monitoring-templates',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Monitoring templates of the companies you can see',
        querystring: monitoringTemplateListQuerySchema,
        response: { 200: listEnvelope(monitoringTemplateSchema) },
      },
    },
    async (request) => {
      const { data, total } = await templatesService.list(requireAuth(request), request.query);
      return { success: true as const, data, meta: { total } };
    },
  );

  app.get(
    '/api/monitoring-templates/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'One monitoring template, with its byte costs',
        params: idParams,
        response: { 200: successEnvelope(monitoringTemplateSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await templatesService.get(requireAuth(request), request.params.id),
    }),
  );

  app.post(
    '/api/monitoring-templates',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Create a monitoring template (at most 200 active parameters)',
        body: createMonitoringTemplateBodySchema,
        response: { 201: successEnvelope(monitoringTemplateSchema) },
      },
    },
    async (request, reply) => {
      const data = await templatesService.create(requireAuth(request), request.body);
      return reply.status(201).send({ success: true as const, data });
    },
  );

  app.put(
    '/api/monitoring-templates/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Rename a monitoring template or change its parameters',
        params: idParams,
        body: updateMonitoringTemplateBodySchema,
        response: { 200: successEnvelope(monitoringTemplateSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await templatesService.update(requireAuth(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/monitoring-templates/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Remove a monitoring template',
        params: idParams,
        response: { 200: emptySuccessSchema },
      },
    },
    async (request) => {
      await templatesService.remove(requireAuth(request), request.params.id);
      return { success: true as const };
    },
  );
};
