import {
  emptySuccessSchema,
  generatedReportDetailSchema,
  generatedReportListQuerySchema,
  generatedReportMetaSchema,
  generatedReportSchema,
  idSchema,
  listEnvelope,
  successEnvelope,
  updateGeneratedReportBodySchema,
} from '@netfleet/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '@/plugins/auth';
import type { GeneratedReportsService } from './generated-reports.service';

const tags = ['generated reports'];
const idParams = z.object({ id: idSchema });
const view = { permission: 'view_reports' } as const;
const manage = { permission: 'manage_reports' } as const;

/** RFC 6266: a plain ASCII fallback plus the exact UTF-8 name. */
export const contentDisposition = (name: string) => {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
};

export const sendAttachment = (
  reply: FastifyReply,
  file: { name: string; content: Buffer | string },
  contentType: string,
) =>
  reply
    .header('content-type', contentType)
    .header('content-disposition', contentDisposition(file.name))
    .send(file.content);

/** Generated reports of the caller's companies (RMS /reports/generated); others answer 404. */
export const generatedReportsRoutes: FastifyPluginAsyncZod<{
  generatedService: GeneratedReportsService;
}> = async (app, { generatedService: service }) => {
  app.get(
    '/api/reports/generated',
    {
      config: view,
      schema: {
        tags,
        summary: 'Generated reports of the companies you can see, newest first',
        querystring: generatedReportListQuerySchema,
        response: { 200: listEnvelope(generatedReportSchema) },
      },
    },
    async (request) => {
      const { data, total } = await service.list(requireAuth(request), request.query);
      return { success: true as const, data, meta: { total } };
    },
  );

  app.get(
    '/api/reports/generated/:id',
    {
      config: view,
      schema: {
        tags,
        summary: "A generated report's figures: per device, totals, extremes and per day",
        params: idParams,
        response: {
          200: z.object({
            success: z.literal(true),
            data: generatedReportDetailSchema,
            meta: generatedReportMetaSchema,
          }),
        },
      },
    },
    async (request) => {
      const { data, meta } = await service.get(requireAuth(request), request.params.id);
      return { success: true as const, data, meta };
    },
  );

  app.put(
    '/api/reports/generated/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Rename a generated report or change its description',
        params: idParams,
        body: updateGeneratedReportBodySchema,
        response: { 200: successEnvelope(generatedReportSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.update(requireAuth(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/reports/generated/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Delete a generated report with its PDF and CSV',
        params: idParams,
        response: { 200: emptySuccessSchema },
      },
    },
    async (request) => {
      await service.remove(requireAuth(request), request.params.id);
      return { success: true as const };
    },
  );

  app.get(
    '/api/reports/generated/:id/pdf',
    {
      config: view,
      schema: {
        tags,
        summary: 'The generated report as a PDF (title page, summary, charts, devices)',
        params: idParams,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) =>
      sendAttachment(
        reply,
        await service.file(requireAuth(request), request.params.id, 'pdf'),
        'application/pdf',
      ),
  );

  app.get(
    '/api/reports/generated/:id/csv',
    {
      config: view,
      schema: {
        tags,
        summary: 'The generated report as CSV: one row per device with its parameters',
        params: idParams,
        produces: ['text/csv'],
      },
    },
    async (request, reply) =>
      sendAttachment(
        reply,
        await service.file(requireAuth(request), request.params.id, 'csv'),
        'text/csv; charset=utf-8',
      ),
  );
};
