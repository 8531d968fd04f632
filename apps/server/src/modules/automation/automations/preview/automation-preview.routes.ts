import {
  AUTOMATION_MESSAGES,
  automationPreviewBodySchema,
  automationPreviewEnvelopeSchema,
  errorEnvelopeSchema,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invalid } from '@/lib/api-error';
import type { AutomationRefsRepository } from '@/modules/automation/automations/automation-refs.repository';
import { requireAuth } from '@/plugins/auth';
import type { AutomationPreviewService } from './automation-preview';

/** netfleet: the rule editor's "would have fired N times on the last 24 h". */
export const automationPreviewRoutes: FastifyPluginAsyncZod<{
  preview: AutomationPreviewService;
  refs: Pick<AutomationRefsRepository, 'companies'>;
}> = async (app, { preview, refs }) => {
  app.post(
    '/api/automations/preview',
    {
      config: { permission: 'view_device_alert_configurations' },
      schema: {
        tags: ['automations'],
        summary: 'Replay a rule over the stored readings of the devices it would cover',
        body: automationPreviewBodySchema,
        response: { 200: automationPreviewEnvelopeSchema, 422: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { body } = request;
      const companyId = body.company_id ?? auth.company.id;
      if (!(await refs.companies(auth, [companyId])).has(companyId))
        throw invalid(AUTOMATION_MESSAGES.companyNotFound, 'company_id');
      const data = await preview.preview(
        { companyId, scope: body.scope, automationId: body.id, deviceIds: body.device_ids },
        body,
      );
      return { success: true as const, data };
    },
  );
};
