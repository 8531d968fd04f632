import {
  COMPANY_MESSAGES,
  CREDIT_ACTIONS,
  CREDIT_MESSAGES,
  CREDIT_TYPES,
  ERROR_CODES,
  creditTypeById,
  creditTypeTitleFor,
  toApiDate,
  type CreditAction,
  type CreditReport,
  type CreditReportQuery,
} from '@netfleet/contracts';
import { ApiError } from '@/lib/api-error';
import { toApiDateOrNull } from '@/lib/dates';
import { isSuperAdmin } from '@/modules/identity/auth/auth.service';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { CreditReportRepository } from './credit-report.repository';
import { creditPoolReportPdf, type CreditPoolReport } from './pdf/render-credit-pool-report';
import { creditReportPdf } from './pdf/render-credit-report';

const typeName = (id: number) => creditTypeById(id)?.name ?? String(id);
const actionName = (id: number) => CREDIT_ACTIONS[id as CreditAction] ?? String(id);

const ORIGINS = ['added', 'moved', 'code', 'code_returned'] as const;

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
        action: actionName(row.actionType),
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

  /** One pool of a company the caller sees, with its ledger; any other pool is not found. */
  const poolReport = async (auth: AuthContext, id: number): Promise<CreditPoolReport> => {
    const pool = await repository.pool(auth, id);
    if (!pool) throw new ApiError(404, ERROR_CODES.NOT_FOUND, CREDIT_MESSAGES.poolNotFound, 'id');
    const entries = await repository.poolEntries(pool.id);
    const type = creditTypeById(pool.creditTypeId);
    /** Credits taken out of the pool by the given actions, as a positive count. */
    const takenBy = (...actions: number[]) =>
      -sum(entries.filter((e) => actions.includes(e.actionType)).map((e) => e.amount));
    return {
      id: pool.id,
      company_id: pool.companyId,
      company_name: pool.companyName,
      credit_type_title: type
        ? creditTypeTitleFor(type, isSuperAdmin(auth.permissions))
        : String(pool.creditTypeId),
      paid: type?.payment_type === 'paid',
      credit_price: pool.creditPrice,
      pro_form_nr: pool.proFormNr,
      origin: ORIGINS.find((origin) => origin === pool.origin) ?? 'added',
      assigned_at: toApiDate(pool.createdAt),
      deleted_at: toApiDateOrNull(pool.deletedAt),
      credit_count: pool.creditCount,
      credit_left: pool.creditLeft,
      used: takenBy(3, 8),
      moved_out: takenBy(4),
      put_in_codes: takenBy(5),
      entries: entries.map((entry) => ({
        created_at: toApiDate(entry.createdAt),
        action: actionName(entry.actionType),
        amount: entry.amount,
        device_serial: entry.deviceSerial,
        username: entry.username,
      })),
    };
  };

  return {
    report,

    /** The report of one resource pool as a PDF (RMS GET /credits/{id}/report). */
    async poolPdf(auth: AuthContext, id: number) {
      const content = await creditPoolReportPdf(await poolReport(auth, id), now());
      return { name: `credit-pool-report-${id}.pdf`, content };
    },

    async pdf(auth: AuthContext, query: CreditReportQuery) {
      const data = await report(auth, query);
      const content = await creditReportPdf(data, now());
      const day = data.start_date.slice(0, 10);
      return { name: `credit-report-${data.company_id}-${day}.pdf`, content };
    },
  };
};

export type CreditReportService = ReturnType<typeof createCreditReportService>;
