import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '@/modules/context';
import type { CompaniesRepository } from '@/modules/organisation/companies/companies.repository';
import { companyDataModule } from './company-data/company-data.module';
import { creditsModule } from './credits/credits.module';

/** What a reseller bills with: resources (credits), their ledger and codes, and company data. */
export const businessArea = async (
  app: FastifyInstance,
  context: ModuleContext,
  { companies }: { companies: CompaniesRepository },
) => {
  const credits = await creditsModule(app, context, { companies });
  await companyDataModule(app, context, {
    companies,
    ledger: credits.ledger,
    events: credits.events,
  });
  // Automations hear when a company's credits run low.
  return { credits };
};
