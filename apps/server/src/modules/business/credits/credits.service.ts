import {
  COMPANY_MESSAGES,
  CREDIT_MESSAGES,
  CREDIT_TYPES,
  ERROR_CODES,
  creditTypeById,
  creditTypeByName,
  creditTypeTitleFor,
  type AddCreditsBody,
  type CreditHistoryQuery,
  type CreditMoveHistoryQuery,
  type CreditPool,
  type CreditPoolListQuery,
  type CreditSummary,
  type CreditType,
  type MoveCreditsBody,
} from '@netfleet/contracts';
import { ApiError, invalid } from '@/lib/api-error';
import { toApiDate } from '@/lib/dates';
import { isSuperAdmin } from '@/modules/identity/auth/auth.service';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { RunInTransaction } from '@/modules/identity/auth/session.service';
import type { CompaniesRepository } from '@/modules/organisation/companies/companies.repository';
import { toHistoryEntry, toMove, toPool, typeOf } from './credit-mappers';
import type { CreditLedger, CreditLow } from './credit-ledger';
import type { CreditsRepository } from './credits.repository';

/** Who hears that a company's credits ran low (notifications, automations). */
export interface CreditEvents {
  creditLow(lows: readonly CreditLow[]): void;
}

interface Deps {
  creditsRepository: CreditsRepository;
  ledger: CreditLedger;
  companies: Pick<CompaniesRepository, 'find'>;
  transaction: RunInTransaction;
  events: CreditEvents;
  now: () => Date;
}

const companyNotFound = (source: string) =>
  new ApiError(404, ERROR_CODES.NOT_FOUND, COMPANY_MESSAGES.notFound, source);

/** Spec §6: super admins see every type; everyone else only the paid ones. */
export const typesFor = (auth: AuthContext): CreditType[] => {
  const superAdmin = isSuperAdmin(auth.permissions);
  return CREDIT_TYPES.filter((type) => superAdmin || type.payment_type === 'paid').map((type) => ({
    ...type,
    title: creditTypeTitleFor(type, superAdmin),
  }));
};

/** The type a body names, if the caller may use it; a 422 on `source` otherwise. */
export const typeNamedFor = (
  auth: AuthContext,
  name: CreditType['name'],
  paymentType: CreditType['payment_type'] | undefined,
  source = 'credit_type_name',
): CreditType => {
  if (paymentType === 'free' && !isSuperAdmin(auth.permissions))
    throw invalid(CREDIT_MESSAGES.unknownType, source);
  return creditTypeByName(name, paymentType ?? 'paid');
};

const addMonths = (date: Date, months: number) => {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
};

/** Resource pools, balances, adding and moving (spec §2 Resources; RMS credits). */
export const createCreditsService = ({
  creditsRepository,
  ledger,
  companies,
  transaction,
  events,
  now,
}: Deps) => {
  const visibleCompany = async (auth: AuthContext, id: number, source: string) => {
    const company = await companies.find(auth, id);
    if (!company) throw companyNotFound(source);
    return company;
  };

  return {
    /** The types the caller may use, of one license type if asked (device services: management). */
    types: (auth: AuthContext, licenseType?: CreditType['license_type']) =>
      typesFor(auth).filter((type) => !licenseType || type.license_type === licenseType),

    async listPools(auth: AuthContext, query: CreditPoolListQuery) {
      const { rows, total } = await creditsRepository.listPools(auth, query);
      const superAdmin = isSuperAdmin(auth.permissions);
      return { data: rows.map((row) => toPool(row, superAdmin)), total };
    },

    async summary(auth: AuthContext, companyId = auth.company.id): Promise<CreditSummary> {
      await visibleCompany(auth, companyId, 'company_id');
      const [balances, devices] = await Promise.all([
        creditsRepository.balances(companyId),
        creditsRepository.deviceCounts(companyId),
      ]);
      const visible = typesFor(auth);
      const shown = balances.filter((b) => visible.some((type) => type.id === b.creditTypeId));
      // A management `credit` covers one device for a month: what is left lasts this long.
      const monthly = shown
        .filter((b) => typeOf(b.creditTypeId).name === 'credit')
        .reduce((sum, b) => sum + b.left, 0);
      const coverage =
        devices.monitored > 0
          ? toApiDate(addMonths(now(), Math.floor(monthly / devices.monitored)))
          : null;
      return {
        credits: {
          total: shown.map((b) => ({
            credit_type: typeOf(b.creditTypeId).name,
            credits_count: b.received,
          })),
          left: shown.map((b) => {
            const type = visible.find((t) => t.id === b.creditTypeId) ?? typeOf(b.creditTypeId);
            return {
              credit_type_id: type.id,
              credit_type: type.name,
              credit_type_name: type.title,
              credits_left: b.left,
              payment_type: type.payment_type,
            };
          }),
        },
        credit_coverage: coverage,
        monitored_device: devices,
      };
    },

    /** POST /credits: new resources from nowhere (super admins; the route says so). */
    async add(auth: AuthContext, body: AddCreditsBody): Promise<CreditPool> {
      const type = creditTypeById(body.credit_type_id);
      if (!type) throw invalid(CREDIT_MESSAGES.unknownType, 'credit_type_id');
      await visibleCompany(auth, body.company_id, 'company_id');
      const { poolId } = await transaction((tx) =>
        ledger.give(
          {
            companyId: body.company_id,
            creditTypeId: type.id,
            amount: body.credit_count,
            actionType: 1,
            userId: auth.user.id,
          },
          {
            origin: 'added',
            creditPrice: (body.credit_price ?? 0).toFixed(2),
            proFormNr: body.pro_form_nr || null,
            userId: auth.user.id,
          },
          tx,
        ),
      );
      const row = await creditsRepository.findPool(null, poolId);
      if (!row) throw new Error('added pool vanished');
      return toPool(row, isSuperAdmin(auth.permissions));
    },

    /** Moves resources between a company and one of its subsidiaries (either direction). */
    async move(auth: AuthContext, body: MoveCreditsBody) {
      const type = typeNamedFor(auth, body.credit_type_name, body.payment_type);
      const source = await visibleCompany(auth, body.source, 'source');
      const target = await visibleCompany(auth, body.target, 'target');
      if (source.id === target.id) throw invalid(CREDIT_MESSAGES.sameCompany, 'target');
      if (!source.path.startsWith(target.path) && !target.path.startsWith(source.path))
        throw invalid(CREDIT_MESSAGES.notAlongHierarchy, 'target');
      const low = await transaction(async (tx) => {
        await ledger.lockAll(
          [source.id, target.id].map((companyId) => ({ companyId, creditTypeId: type.id })),
          tx,
        );
        const given = await ledger.give(
          {
            companyId: target.id,
            creditTypeId: type.id,
            amount: body.amount,
            actionType: 2,
            userId: auth.user.id,
            counterpartCompanyId: source.id,
          },
          { origin: 'moved', userId: auth.user.id },
          tx,
        );
        const taken = await ledger.take(
          {
            companyId: source.id,
            creditTypeId: type.id,
            amount: body.amount,
            actionType: 4,
            userId: auth.user.id,
            counterpartCompanyId: target.id,
            moveId: given.poolId,
          },
          tx,
        );
        return taken.low;
      });
      if (low) events.creditLow([low]);
    },

    async history(auth: AuthContext, query: CreditHistoryQuery) {
      const { rows, total } = await creditsRepository.history(auth, query);
      return { data: rows.map(toHistoryEntry), total };
    },

    async moveHistory(auth: AuthContext, query: CreditMoveHistoryQuery) {
      const { rows, total } = await creditsRepository.moveHistory(auth, query);
      return { data: rows.map(toMove), total };
    },
  };
};

export type CreditsService = ReturnType<typeof createCreditsService>;
