import {
  buyCompanyDataAnswerSchema,
  buyCompanyDataBodySchema,
  companyDataHistoryQuerySchema,
  companyDataPurchaseSchema,
  listEnvelope,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '@/plugins/auth';
import type { CompanyDataService } from './company-data.service';

const tags = ['company data'];

export const companyDataRoutes: FastifyPluginAsyncZod<{
  companyDataService: CompanyDataService;
}> = async (app, { companyDataService }) => {
  app.post(
    '/api/companies/data',
    {
      config: { permission: 'manage_credits' },
      schema: {
        tags,
        summary:
          "Exchange a company's credits for company data (2 GB per credit; RMS Connect data)",
        body: buyCompanyDataBodySchema,
        response: { 200: buyCompanyDataAnswerSchema },
      },
    },
    async (request) => {
      const { purchase, remainingData } = await companyDataService.buy(
        requireAuth(request),
        request.body,
      );
      return {
        success: true as const,
        data: purchase,
        meta: { remaining_data: remainingData },
      };
    },
  );

  app.get(
    '/api/companies/data/history',
    {
      config: { permission: 'view_company_data_history' },
      schema: {
        tags,
        summary: 'Company data purchases of the companies you see, newest first',
        querystring: companyDataHistoryQuerySchema,
        response: { 200: listEnvelope(companyDataPurchaseSchema) },
      },
    },
    async (request) => {
      const { data, total } = await companyDataService.history(requireAuth(request), request.query);
      return { success: true as const, data, meta: { total } };
    },
  );
};
