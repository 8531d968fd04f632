import { creditReportQuerySchema, creditReportSchema, successEnvelope } from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '@/plugins/auth';
import type { CreditReportService } from './credit-report.service';
import { sendAttachment } from './generated-reports.routes';

const tags = ['credits'];
const view = { permission: 'view_credits' } as const;

/** The credit usage report of a company the caller sees (RMS /credits/report). */
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
};
