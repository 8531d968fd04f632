import {
  createSilenceBodySchema,
  emptySuccessSchema,
  errorEnvelopeSchema,
  idSchema,
  silenceEnvelopeSchema,
  silenceListEnvelopeSchema,
  silenceListQuerySchema,
  updateSilenceBodySchema,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '@/plugins/auth';
import type { SilencesService } from './silences.service';

const tags = ['automations'];
const view = { permission: 'view_device_alert_configurations' } as const;
const manage = { permission: 'manage_device_alert_configurations' } as const;
const params = z.object({ id: idSchema });
const failures = { 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 422: errorEnvelopeSchema };

/**
 * Silences and maintenance windows (design §4.7). Static `/api/automations/silences` paths: the
 * router prefers them to `/api/automations/:id`, whatever the registration order.
 */
export const silencesRoutes: FastifyPluginAsyncZod<{ silences: SilencesService }> = async (
  app,
  { silences },
) => {
  app.get(
    '/api/automations/silences',
    {
      config: view,
      schema: {
        tags,
        summary: 'Silences of the companies you can see',
        querystring: silenceListQuerySchema,
        response: { 200: silenceListEnvelopeSchema },
      },
    },
    async (request) => {
      const { data, total } = await silences.list(requireAuth(request), request.query);
      return { success: true as const, data, meta: { total } };
    },
  );

  app.post(
    '/api/automations/silences',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Silence automations for a while (evaluated and logged, actions skipped)',
        body: createSilenceBodySchema,
        response: { 200: silenceEnvelopeSchema, ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: await silences.create(requireAuth(request), request.body),
    }),
  );

  app.put(
    '/api/automations/silences/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Update a silence (only the fields sent change)',
        params,
        body: updateSilenceBodySchema,
        response: { 200: silenceEnvelopeSchema, ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: await silences.update(requireAuth(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/automations/silences/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Delete a silence (its actions are not run afterwards)',
        params,
        response: { 200: emptySuccessSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => {
      await silences.remove(requireAuth(request), request.params.id);
      return { success: true as const };
    },
  );
};
