import {
  creditReportQuerySchema,
  creditReportSchema,
  idSchema,
  successEnvelope,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '@/plugins/auth';
import type { CreditReportService } from './credit-report.service';
import { sendAttachment } from './generated-reports.routes';

const tags = ['credits'];
const view = { permission: 'view_credits' } as const;
const idParams = z.object({ id: idSchema });

/**
 * The credit usage report of a company the caller sees (RMS /credits/report), and the report of
 * one of its resource pools (RMS /credits/{id}/report).
 */
export const creditReportRoutes: FastifyPluginAsyncZod<{
  creditReport: CreditReportService;
}> = async (app, { creditReport }) => {
  app.get(
    '/api/credits/report/json',
    {
      config: view,
      schema: {
        tags,
        summary: "A company's credit usage between two dates (inclusive)",
        description:
          'Moves to subsidiaries, ledger entries, codes made and company data bought, with ' +
          'their totals; company_id defaults to your company.',
        querystring: creditReportQuerySchema,
        response: { 200: successEnvelope(creditReportSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await creditReport.report(requireAuth(request), request.query),
    }),
  );

  app.get(
    '/api/credits/report',
    {
      config: view,
      schema: {
        tags,
        summary: "A company's credit usage between two dates, as a PDF",
        querystring: creditReportQuerySchema,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) =>
      sendAttachment(
        reply,
        await creditReport.pdf(requireAuth(request), request.query),
        'application/pdf',
      ),
  );

  app.get(
    '/api/credits/:id/report',
    {
      config: view,
      schema: {
        tags,
        summary: 'Return the pool report in the PDF format',
        description:
          'The pool (company, type, origin, price), what is left and went out of it, and every ' +
          'ledger entry of it; a pool of a company you do not see is not found.',
        params: idParams,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) =>
      sendAttachment(
        reply,
        await creditReport.poolPdf(requireAuth(request), request.params.id),
        'application/pdf',
      ),
  );
};
