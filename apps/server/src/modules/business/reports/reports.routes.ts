import {
  asyncOperationAnswerSchema,
  createReportTemplateBodySchema,
  emptySuccessSchema,
  idSchema,
  listEnvelope,
  reportTemplateListQuerySchema,
  reportTemplateSchema,
  successEnvelope,
  updateReportTemplateBodySchema,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '@/plugins/auth';
import type { ReportTemplatesService } from './report-templates.service';

const tags = ['reports'];
const idParams = z.object({ id: idSchema });
const view = { permission: 'view_reports' } as const;
const manage = { permission: 'manage_reports' } as const;

/** Report templates of the caller's companies (RMS /reports); another tree's id answers 404. */
export const reportsRoutes: FastifyPluginAsyncZod<{
  templatesService: ReportTemplatesService;
  /** Generations outlive their request; the module waits for them before the database closes. */
  track: (done: Promise<unknown>) => void;
}> = async (app, { templatesService: service, track }) => {
  app.get(
    '/api/reports',
    {
      config: view,
      schema: {
        tags,
        summary: 'Report templates of the companies you can see',
        querystring: reportTemplateListQuerySchema,
        response: { 200: listEnvelope(reportTemplateSchema) },
      },
    },
    async (request) => {
      const { data, total } = await service.list(requireAuth(request), request.query);
      return { success: true as const, data, meta: { total } };
    },
  );

  app.get(
    '/api/reports/:id',
    {
      config: view,
      schema: {
        tags,
        summary: 'One report template',
        params: idParams,
        response: { 200: successEnvelope(reportTemplateSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.get(requireAuth(request), request.params.id),
    }),
  );

  app.post(
    '/api/reports',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Create a report template (single, or periodic: daily, weekly, monthly)',
        description:
          'A custom period needs start_date and end_date, and cannot end in the future. ' +
          'apply_list names devices, companies (with their subsidiaries) or tags you can see. ' +
          'Periodic reports are generated after each period ends in time_zone and mailed to ' +
          'recipients, through smtp_config_id when given.',
        body: createReportTemplateBodySchema,
        response: { 200: successEnvelope(reportTemplateSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.create(requireAuth(request), request.body, request.ip),
    }),
  );

  app.put(
    '/api/reports/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Change a report template (fields left out stay as they are)',
        params: idParams,
        body: updateReportTemplateBodySchema,
        response: { 200: successEnvelope(reportTemplateSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.update(requireAuth(request), request.params.id, request.body, request.ip),
    }),
  );

  app.delete(
    '/api/reports/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Delete a report template (its generated reports are kept)',
        params: idParams,
        response: { 200: emptySuccessSchema },
      },
    },
    async (request) => {
      await service.remove(requireAuth(request), request.params.id, request.ip);
      return { success: true as const };
    },
  );

  app.post(
    '/api/reports/:id/generate',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Generate a report now (asynchronous)',
        description:
          'Answers at once with a status channel; under the template id it reports started, ' +
          'then completed with a link to the generated report (a warning first when mailing ' +
          'failed), or error. A custom report covers its period; the others the last whole ' +
          'day, week or month in their time zone.',
        params: idParams,
        response: { 200: asyncOperationAnswerSchema },
      },
    },
    async (request) => {
      const { channel, done } = await service.startGenerate(
        requireAuth(request),
        request.params.id,
      );
      track(done.catch((error: unknown) => request.log.error({ err: error }, 'report failed')));
      return { success: true as const, meta: { channel } };
    },
  );
};
