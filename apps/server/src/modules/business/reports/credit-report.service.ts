import {
  COMPANY_MESSAGES,
  CREDIT_ACTIONS,
  CREDIT_TYPES,
  ERROR_CODES,
  creditTypeById,
  toApiDate,
  type CreditAction,
  type CreditReport,
  type CreditReportQuery,
} from '@netfleet/contracts';
import { ApiError } from '@/lib/api-error';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { CreditReportRepository } from './credit-report.repository';
import { creditReportPdf } from './pdf/render-credit-report';

const typeName = (id: number) => creditTypeById(id)?.name ?? String(id);

/** Whole counts summed as integers (every count is one; a float never enters). */
const sum = (values: readonly number[]) => values.reduce((all, value) => all + value, 0);

/** The credit usage report of one company over a range (RMS /credits/report). */
export const createCreditReportService = ({
  repository,
  now,
}: {
  repository: CreditReportRepository;
  now: () => Date;
}) => {
  const report = async (auth: AuthContext, query: CreditReportQuery): Promise<CreditReport> => {
    const company = await repository.company(auth, query.company_id ?? auth.company.id);
    if (!company)
      throw new ApiError(404, ERROR_CODES.NOT_FOUND, COMPANY_MESSAGES.notFound, 'company_id');
    const range = { start: query.start_date, end: query.end_date };
    const typeIds = query.credit_type_name
      ? CREDIT_TYPES.filter((type) => type.name === query.credit_type_name).map((type) => type.id)
      : null;
    const [children, logs, codes, purchases] = await Promise.all([
      repository.childPools(company, range, typeIds),
      repository.poolLogs(company.id, range, typeIds),
      repository.codes(company.id, range, typeIds),
      repository.purchases(company.id, range, typeIds),
    ]);
    return {
      totals: {
        child_pools: sum(children.map((row) => row.moves)),
        child_company_credits: sum(children.map((row) => row.credits)),
        pool_logs: logs.length,
        credits_for_devices: -sum(logs.filter((l) => l.actionType === 3).map((l) => l.amount)),
        transfer_codes_credits: sum(codes.map((code) => code.amount)),
        data_purchase: sum(purchases.map((purchase) => purchase.creditsUsed)),
      },
      child_pools: children.map((row) => ({
        count: row.credits,
        to_company_id: row.companyId,
        company_name: row.companyName,
        credit_type_name: typeName(row.creditTypeId),
      })),
      pool_logs: logs.map((row) => ({
        device_mac: row.deviceMac,
        device_serial: row.deviceSerial,
        pool_id: row.poolId,
        action: CREDIT_ACTIONS[row.actionType as CreditAction] ?? String(row.actionType),
        action_id: row.actionType,
        created_at: toApiDate(row.createdAt),
        username: row.username,
        amount: row.amount,
        credit_type_name: typeName(row.creditTypeId),
      })),
      transfer_codes: codes.map((code) => ({
        amount: code.amount,
        pool_amount: code.amount,
        code: code.code,
        is_used: code.activatedAt ? 1 : 0,
        used_by_company_id: code.usedByCompanyId,
        created_at: toApiDate(code.createdAt),
        credit_type_name: typeName(code.creditTypeId),
      })),
      data_purchase: purchases.map((purchase) => ({
        id: purchase.id,
        bytes_purchased: purchase.bytesPurchased,
        credits_used: purchase.creditsUsed,
        from_pool_id: purchase.fromPoolId,
        company_id: purchase.companyId,
        user_id: purchase.userId,
        created_at: toApiDate(purchase.createdAt),
      })),
      company_id: company.id,
      company_name: company.name,
      start_date: toApiDate(range.start),
      end_date: toApiDate(range.end),
    };
  };

  return {
    report,

    async pdf(auth: AuthContext, query: CreditReportQuery) {
      const data = await report(auth, query);
      const content = await creditReportPdf(data, now());
      const day = data.start_date.slice(0, 10);
      return { name: `credit-report-${data.company_id}-${day}.pdf`, content };
    },
  };
};

export type CreditReportService = ReturnType<typeof createCreditReportService>;
