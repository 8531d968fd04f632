import type {
  CreditHistoryQuery,
  CreditMoveHistoryQuery,
  CreditPoolListQuery,
} from '@netfleet/contracts';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '@/db/client';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';
import { countAll, orderByFrom, searchFilter } from '@/db/list';
import {
  companies,
  creditBalances,
  creditLedger,
  creditPools,
  devices,
  rolePermissions,
  users,
} from '@/db/schema';

const parent = alias(companies, 'parent_company');
const counterpart = alias(companies, 'counterpart_company');

const poolColumns = {
  id: creditPools.id,
  companyId: creditPools.companyId,
  companyName: companies.name,
  parentCompanyName: parent.name,
  creditTypeId: creditPools.creditTypeId,
  creditPrice: creditPools.creditPrice,
  proFormNr: creditPools.proFormNr,
  creditCount: creditPools.creditCount,
  creditLeft: creditPools.creditLeft,
  origin: creditPools.origin,
  parentPoolId: creditPools.parentPoolId,
  userId: creditPools.userId,
  expireAt: creditPools.expireAt,
  deletedAt: creditPools.deletedAt,
  createdAt: creditPools.createdAt,
  updatedAt: creditPools.updatedAt,
};

const POOL_SORT = {
  id: creditPools.id,
  assigned_at: creditPools.createdAt,
  company_name: companies.name,
  credit_type_id: creditPools.creditTypeId,
  credit_count: creditPools.creditCount,
  credit_left: creditPools.creditLeft,
};

const POOL_SEARCHABLE = { company_name: companies.name, pro_form_nr: creditPools.proFormNr };
const HISTORY_SORT = { id: creditLedger.id, created_at: creditLedger.createdAt };

export type PoolRow = Awaited<ReturnType<CreditsRepository['listPools']>>['rows'][number];
export type HistoryRow = Awaited<ReturnType<CreditsRepository['history']>>['rows'][number];

/** What the console reads of credits, always within the companies the viewer sees. */
export const createCreditsRepository = (db: Database) => {
  const selectPools = (tx: Executor) =>
    tx
      .select(poolColumns)
      .from(creditPools)
      .innerJoin(companies, eq(companies.id, creditPools.companyId))
      .leftJoin(parent, eq(parent.id, companies.parentId));

  const selectHistory = (tx: Executor, viewer: Viewer) =>
    tx
      .select({
        id: creditLedger.id,
        createdAt: creditLedger.createdAt,
        actionType: creditLedger.actionType,
        companyId: creditLedger.companyId,
        company: companies.name,
        poolId: creditLedger.poolId,
        creditTypeId: creditLedger.creditTypeId,
        amount: creditLedger.amount,
        balanceAfter: creditLedger.balanceAfter,
        // The other side of a move is named only to those who see it (an end client of A is not
        // told its subsidiaries' names); a code's maker is named to whoever activated it.
        counterpartCompany: sql<
          string | null
        >`case when ${visibleCompaniesFilter(viewer, counterpart)} or ${creditLedger.actionType} = 6 then ${counterpart.name} end`,
        userId: creditLedger.userId,
        user: users.email,
        deviceId: creditLedger.deviceId,
        serial: devices.serial,
        mac: devices.mac,
      })
      .from(creditLedger)
      .innerJoin(companies, eq(companies.id, creditLedger.companyId))
      .leftJoin(counterpart, eq(counterpart.id, creditLedger.counterpartCompanyId))
      .leftJoin(users, eq(users.id, creditLedger.userId))
      .leftJoin(devices, eq(devices.id, creditLedger.deviceId));

  const history = async (
    viewer: Viewer,
    query: CreditHistoryQuery,
    actions?: number[],
    tx: Executor = db,
  ) => {
    const filters: (SQL | undefined)[] = [
      visibleCompaniesFilter(viewer),
      query.company_id ? eq(creditLedger.companyId, query.company_id) : undefined,
      query.device_id ? eq(creditLedger.deviceId, query.device_id) : undefined,
      query.pool_id ? eq(creditLedger.poolId, query.pool_id) : undefined,
      actions ? inArray(creditLedger.actionType, actions) : undefined,
    ];
    const where = and(...filters);
    const rows = await selectHistory(tx, viewer)
      .where(where)
      .orderBy(
        ...orderByFrom(query.sort, HISTORY_SORT, [desc(creditLedger.createdAt)]),
        desc(creditLedger.id),
      )
      .limit(query.limit)
      .offset(query.offset);
    const [count] = await tx
      .select({ total: countAll })
      .from(creditLedger)
      .innerJoin(companies, eq(companies.id, creditLedger.companyId))
      .where(where);
    return { rows, total: count?.total ?? 0 };
  };

  return {
    history,

    async listPools(viewer: Viewer, query: CreditPoolListQuery, tx: Executor = db) {
      const where = and(
        visibleCompaniesFilter(viewer),
        query.company_id ? eq(creditPools.companyId, query.company_id) : undefined,
        query.credit_type_id ? eq(creditPools.creditTypeId, query.credit_type_id) : undefined,
        query.id?.length ? inArray(creditPools.id, query.id) : undefined,
        query.q ? searchFilter(query.q, query['search-fields'], POOL_SEARCHABLE) : undefined,
      );
      const orderBy = [
        ...orderByFrom(query.sort, POOL_SORT, [desc(creditPools.createdAt)]),
        desc(creditPools.id),
      ];
      const rows = await selectPools(tx)
        .where(where)
        .orderBy(...orderBy)
        .limit(query.limit)
        .offset(query.offset);
      const [count] = await tx
        .select({ total: countAll })
        .from(creditPools)
        .innerJoin(companies, eq(companies.id, creditPools.companyId))
        .where(where);
      return { rows, total: count?.total ?? 0 };
    },

    /** Devices filed under the company, and how many of them enrolled (RMS "monitored"). */
    async deviceCounts(companyId: number, tx: Executor = db) {
      const [row] = await tx
        .select({
          total: countAll,
          monitored: sql<number>`cast(count(${devices.enrolledAt}) as integer)`,
        })
        .from(devices)
        .where(eq(devices.companyId, companyId));
      return { total: row?.total ?? 0, monitored: row?.monitored ?? 0 };
    },

    /** Users of the company who manage its resources: they hear that credits run low. */
    async resourceManagers(companyId: number, tx: Executor = db) {
      const rows = await tx
        .select({ id: users.id })
        .from(users)
        .innerJoin(
          rolePermissions,
          and(
            eq(rolePermissions.roleId, users.roleId),
            eq(rolePermissions.permission, 'manage_credits'),
          ),
        )
        .where(eq(users.companyId, companyId));
      return rows.map((row) => row.id);
    },

    async findPool(viewer: Viewer | null, id: number, tx: Executor = db) {
      const [row] = await selectPools(tx).where(
        and(eq(creditPools.id, id), viewer ? visibleCompaniesFilter(viewer) : undefined),
      );
      return row ?? null;
    },

    /** Balances of one company by type, and the totals ever received (RMS summary `total`). */
    async balances(companyId: number, tx: Executor = db) {
      return tx
        .select({
          creditTypeId: creditBalances.creditTypeId,
          left: creditBalances.creditsLeft,
          // Qualified by hand: drizzle leaves columns unqualified in a one-table select, and the
          // subquery would then compare credit_pools with itself.
          received: sql<number>`cast(coalesce((select sum(p.credit_count) from ${creditPools} p
            where p.company_id = "credit_balances"."company_id"
              and p.credit_type_id = "credit_balances"."credit_type_id"), 0) as bigint)`.mapWith(
            Number,
          ),
        })
        .from(creditBalances)
        .where(eq(creditBalances.companyId, companyId))
        .orderBy(asc(creditBalances.creditTypeId));
    },

    moveHistory(viewer: Viewer, query: CreditMoveHistoryQuery, tx: Executor = db) {
      // A move is recorded as the entry that made the pool in the target (action 2).
      return history(viewer, { ...query, device_id: undefined }, [2], tx);
    },
  };
};

export type CreditsRepository = ReturnType<typeof createCreditsRepository>;
