import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '@/modules/context';
import type { CompaniesRepository } from '@/modules/organisation/companies/companies.repository';
import { companyDataModule } from './company-data/company-data.module';
import { creditsModule } from './credits/credits.module';
import { deviceCreditsModule } from './device-credits/device-credits.module';
import { reportsModule } from './reports/reports.module';

/**
 * What a reseller bills with: resources (credits), their ledger and codes, company data and the
 * management credits of devices.
 */
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
  // Device services: management credits per device, spent through the same ledger.
  await deviceCreditsModule(app, context, { ledger: credits.ledger, events: credits.events });
  await reportsModule(app, context);
  // Automations hear when a company's credits run low.
  return { credits };
};
