import { creditTypeById, creditTypeTitleFor } from '@netfleet/contracts';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '@/modules/context';
import type { CompaniesRepository } from '@/modules/organisation/companies/companies.repository';
import { createCreditCodesRepository } from './credit-codes.repository';
import { creditCodesRoutes } from './credit-codes.routes';
import { createCreditCodesService } from './credit-codes.service';
import { createCreditLedger, type CreditLow } from './credit-ledger';
import { createCreditLedgerRepository } from './credit-ledger.repository';
import { createCreditsRepository } from './credits.repository';
import { creditsRoutes } from './credits.routes';
import { createCreditsService, type CreditEvents } from './credits.service';

export type CreditLowListener = (lows: readonly CreditLow[]) => void;

/**
 * Resources (credits), their ledger and codes. Answers `onCreditLow`, through which other modules
 * (automations) hear that a company's credits ran low, and the ledger with the events it reports
 * to, for the modules that spend credits (company data): one ledger, one low-credit path.
 */
export const creditsModule = async (
  app: FastifyInstance,
  context: ModuleContext,
  { companies }: { companies: CompaniesRepository },
) => {
  const creditsRepository = createCreditsRepository(context.db);
  const ledger = createCreditLedger({
    ledgerRepository: createCreditLedgerRepository(context.db),
  });
  const listeners = new Set<CreditLowListener>();

  /** The company's resource managers get creditAmountTooLow; listeners get the event. */
  const tellLow = async (lows: readonly CreditLow[]) => {
    for (const low of lows) {
      const type = creditTypeById(low.creditTypeId);
      const title = type ? creditTypeTitleFor(type, false) : String(low.creditTypeId);
      for (const userId of await creditsRepository.resourceManagers(low.companyId)) {
        await context.notifications.notify(
          userId,
          'creditAmountTooLow',
          `Only ${low.left} ${title} resource(s) left`,
        );
      }
    }
    for (const listener of listeners) listener(lows);
  };
  const events: CreditEvents = {
    creditLow: (lows) => {
      // After the commit, off the request: a failed notification must not fail the move.
      tellLow(lows).catch((error: unknown) =>
        app.log.error({ err: error }, 'credit low notification failed'),
      );
    },
  };

  const creditsService = createCreditsService({
    creditsRepository,
    ledger,
    companies,
    transaction: context.transaction,
    events,
    now: context.now,
  });
  const codesService = createCreditCodesService({
    codesRepository: createCreditCodesRepository(context.db),
    ledger,
    companies,
    transaction: context.transaction,
    notifications: context.notifications,
    attempts: context.attemptStore,
    events,
    now: context.now,
  });
  await app.register(creditsRoutes, { creditsService });
  await app.register(creditCodesRoutes, { codesService });
  return {
    ledger,
    events,
    onCreditLow(listener: CreditLowListener) {
      listeners.add(listener);
    },
  };
};

export type CreditsModule = Awaited<ReturnType<typeof creditsModule>>;
