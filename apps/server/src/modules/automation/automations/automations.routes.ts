import {
  AUTOMATION_PARAMETERS,
  automationEnvelopeSchema,
  automationListEnvelopeSchema,
  automationListQuerySchema,
  automationLogDetailEnvelopeSchema,
  automationLogListEnvelopeSchema,
  automationLogListQuerySchema,
  automationLogParamsSchema,
  automationParameterListEnvelopeSchema,
  automationsActivationBodySchema,
  createAutomationBodySchema,
  deviceAutomationListQuerySchema,
  emptySuccessSchema,
  errorEnvelopeSchema,
  idSchema,
  updateAutomationBodySchema,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '@/plugins/auth';
import type { AutomationsService } from './automations.service';

const tags = ['automations'];
const view = { permission: 'view_device_alert_configurations' } as const;
const manage = { permission: 'manage_device_alert_configurations' } as const;
const params = z.object({ id: idSchema });
const failures = { 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 422: errorEnvelopeSchema };
const parameters = AUTOMATION_PARAMETERS.map((parameter) => ({
  ...parameter,
  operators: [...parameter.operators],
}));

/** RMS automations: rules, their logs and activation (routes 1–8 and 12), and the catalogue. */
export const automationsRoutes: FastifyPluginAsyncZod<{ automations: AutomationsService }> = async (
  app,
  { automations },
) => {
  app.get(
    '/api/automations',
    {
      config: view,
      schema: {
        tags,
        summary: 'Automations of the companies you can see',
        querystring: automationListQuerySchema,
        response: { 200: automationListEnvelopeSchema },
      },
    },
    async (request) => {
      const { data, total } = await automations.list(requireAuth(request), request.query);
      return { success: true as const, data, meta: { total } };
    },
  );

  app.post(
    '/api/automations',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Create an automation (owned by you; its actions run with your permissions)',
        body: createAutomationBodySchema,
        response: { 200: automationEnvelopeSchema, ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: await automations.create(requireAuth(request), request.body),
    }),
  );

  app.get(
    '/api/automations/parameters',
    {
      config: view,
      schema: {
        tags,
        summary: 'The parameters rules can test, with their types, units and operators',
        response: { 200: automationParameterListEnvelopeSchema },
      },
    },
    async () => ({ success: true as const, data: parameters }),
  );

  app.put(
    '/api/automations/activate',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Enable or disable automations',
        body: automationsActivationBodySchema,
        response: { 200: emptySuccessSchema, ...failures },
      },
    },
    async (request) => {
      await automations.activate(requireAuth(request), request.body);
      return { success: true as const };
    },
  );

  app.get(
    '/api/automations/:id',
    {
      config: view,
      schema: {
        tags,
        summary: 'One automation',
        params,
        response: { 200: automationEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await automations.get(requireAuth(request), request.params.id),
    }),
  );

  app.put(
    '/api/automations/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Update an automation (only the fields sent change)',
        description:
          'automation_version goes up on every update; conditions_body_version when the ' +
          'conditions changed (logs keep the conditions they were evaluated with).',
        params,
        body: updateAutomationBodySchema,
        response: { 200: emptySuccessSchema, ...failures },
      },
    },
    async (request) => {
      await automations.update(requireAuth(request), request.params.id, request.body);
      return { success: true as const };
    },
  );

  app.delete(
    '/api/automations/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Delete an automation (its open alerts end with it)',
        params,
        response: { 200: emptySuccessSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => {
      await automations.remove(requireAuth(request), request.params.id);
      return { success: true as const };
    },
  );

  app.get(
    '/api/devices/:id/automations',
    {
      config: view,
      schema: {
        tags,
        summary: 'Automations that cover a device (assigned, or by tag or company scope)',
        params,
        querystring: deviceAutomationListQuerySchema,
        response: { 200: automationListEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const { data, total } = await automations.listForDevice(
        requireAuth(request),
        request.params.id,
        request.query,
      );
      return { success: true as const, data, meta: { total } };
    },
  );

  app.get(
    '/api/automations/:id/logs',
    {
      config: view,
      schema: {
        tags,
        summary: "An automation's evaluations that fired or resolved, newest first",
        params,
        querystring: automationLogListQuerySchema,
        response: { 200: automationLogListEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const { data, total } = await automations.logs(
        requireAuth(request),
        request.params.id,
        request.query,
      );
      return { success: true as const, data, meta: { total } };
    },
  );

  app.get(
    '/api/automations/:id/logs/:evaluation_id',
    {
      config: view,
      schema: {
        tags,
        summary: 'One evaluation with what became of its actions',
        params: automationLogParamsSchema,
        response: { 200: automationLogDetailEnvelopeSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await automations.log(
        requireAuth(request),
        request.params.id,
        request.params.evaluation_id,
      ),
    }),
  );
};
