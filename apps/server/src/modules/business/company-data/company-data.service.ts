import {
  COMPANY_DATA_BYTES_PER_CREDIT,
  COMPANY_DATA_CREDIT_TYPE_NAME,
  COMPANY_DATA_MESSAGES,
  COMPANY_MESSAGES,
  ERROR_CODES,
  type BuyCompanyDataBody,
  type CompanyDataHistoryQuery,
  type CompanyDataPurchase,
} from '@netfleet/contracts';
import { ApiError, invalid } from '@/lib/api-error';
import { toApiDate } from '@/lib/dates';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { RunInTransaction } from '@/modules/identity/auth/session.service';
import type { CompaniesRepository } from '@/modules/organisation/companies/companies.repository';
import type { CreditLedger } from '../credits/credit-ledger';
import { typeNamedFor, type CreditEvents } from '../credits/credits.service';
import {
  REMAINING_DATA_MAX,
  type CompanyDataRepository,
  type PurchaseRow,
} from './company-data.repository';

/** The ledger's action for credits exchanged for company data (CREDIT_ACTIONS). */
const SPENT_ON_COMPANY_DATA = 8;

const toPurchase = (row: PurchaseRow): CompanyDataPurchase => ({
  id: row.id,
  company_id: row.companyId,
  company: row.company,
  data: row.bytesPurchased,
  credits_used: row.creditsUsed,
  from_pool_id: row.fromPoolId,
  user_id: row.userId,
  user: row.username,
  email: row.email,
  created_at: toApiDate(row.createdAt),
});

interface Deps {
  repository: CompanyDataRepository;
  ledger: CreditLedger;
  companies: Pick<CompaniesRepository, 'find'>;
  transaction: RunInTransaction;
  events: CreditEvents;
}

/**
 * Company data (spec §5 "Add company data"; RMS Connect data exchange): a company's management
 * credits exchanged for COMPANY_DATA_BYTES_PER_CREDIT bytes each, and the purchases listed.
 */
export const createCompanyDataService = ({
  repository,
  ledger,
  companies,
  transaction,
  events,
}: Deps) => ({
  /**
   * Takes the credits from the company (paid `credit`; free with `payment_type: free` for super
   * admins), adds the bytes to its remaining data and records the purchase, all in one
   * transaction: a refusal (not enough credits, too much data) changes nothing.
   */
  async buy(auth: AuthContext, body: BuyCompanyDataBody) {
    const type = typeNamedFor(
      auth,
      COMPANY_DATA_CREDIT_TYPE_NAME,
      body.payment_type,
      'payment_type',
    );
    const company = await companies.find(auth, body.company_id);
    if (!company)
      throw new ApiError(404, ERROR_CODES.NOT_FOUND, COMPANY_MESSAGES.notFound, 'company_id');
    // Exact: 14 digits times a power of two is a float with the same mantissa.
    const bytes = body.credits * COMPANY_DATA_BYTES_PER_CREDIT;
    const { id, remainingData, low } = await transaction(async (tx) => {
      const taken = await ledger.take(
        {
          companyId: company.id,
          creditTypeId: type.id,
          amount: body.credits,
          actionType: SPENT_ON_COMPANY_DATA,
          userId: auth.user.id,
        },
        tx,
        'credits',
      );
      const total =
        bytes <= REMAINING_DATA_MAX
          ? await repository.addRemainingData(company.id, bytes, tx)
          : null;
      if (total === null) throw invalid(COMPANY_DATA_MESSAGES.tooMuchData, 'credits');
      const purchaseId = await repository.insert(
        {
          companyId: company.id,
          userId: auth.user.id,
          creditTypeId: type.id,
          creditsUsed: body.credits,
          bytesPurchased: bytes,
          fromPoolId: taken.taken[0]?.poolId ?? null,
        },
        tx,
      );
      return { id: purchaseId, remainingData: total, low: taken.low };
    });
    if (low) events.creditLow([low]);
    const row = await repository.find(null, id);
    if (!row) throw new Error('company data purchase vanished');
    return { purchase: toPurchase(row), remainingData };
  },

  async history(auth: AuthContext, query: CompanyDataHistoryQuery) {
    const { rows, total } = await repository.list(auth, query);
    return { data: rows.map(toPurchase), total };
  },
});

export type CompanyDataService = ReturnType<typeof createCompanyDataService>;
