import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '@/modules/context';
import type { CompaniesRepository } from '@/modules/organisation/companies/companies.repository';
import type { CreditLedger } from '../credits/credit-ledger';
import type { CreditEvents } from '../credits/credits.service';
import { createCompanyDataRepository } from './company-data.repository';
import { companyDataRoutes } from './company-data.routes';
import { createCompanyDataService } from './company-data.service';

/**
 * Company data bought with credits. It spends through the credits module's ledger and tells that
 * module's listeners when a company runs low, so there is one ledger and one low-credit path.
 */
export const companyDataModule = async (
  app: FastifyInstance,
  context: ModuleContext,
  deps: {
    companies: CompaniesRepository;
    ledger: CreditLedger;
    events: CreditEvents;
  },
) => {
  const companyDataService = createCompanyDataService({
    repository: createCompanyDataRepository(context.db),
    ledger: deps.ledger,
    companies: deps.companies,
    transaction: context.transaction,
    events: deps.events,
  });
  await app.register(companyDataRoutes, { companyDataService });
};
