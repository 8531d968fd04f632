import { and, asc, eq, gte, inArray, lte, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '@/db/client';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';
import {
  companies,
  companyDataPurchases,
  creditCodes,
  creditLedger,
  creditPools,
  devices,
  users,
} from '@/db/schema';

export interface CreditRange {
  start: Date;
  end: Date;
}

const counterpart = alias(companies, 'counterpart_company');

/** Rows created in the range, of the given credit types (null: every type). */
const inRangeOfTypes = (
  table: { createdAt: AnyColumn; creditTypeId: AnyColumn },
  range: CreditRange,
  typeIds: readonly number[] | null,
) =>
  and(
    gte(table.createdAt, range.start),
    lte(table.createdAt, range.end),
    typeIds === null ? undefined : inArray(table.creditTypeId, [...typeIds]),
  );

/** Sums of counts arrive as text from node-postgres: whole numbers, read exactly. */
const total = (value: SQL) => sql<number>`cast(coalesce(${value}, 0) as bigint)`.mapWith(Number);

/** What one company did with its credits over a range (RMS credit usage report), and one pool. */
export const createCreditReportRepository = (db: Database) => ({
  /** A pool of a company the viewer sees (deleted pools too: their history stays), or null. */
  async pool(viewer: Viewer, id: number, tx: Executor = db) {
    const p = creditPools;
    const [row] = await tx
      .select({
        id: p.id,
        companyId: p.companyId,
        companyName: companies.name,
        creditTypeId: p.creditTypeId,
        creditCount: p.creditCount,
        creditLeft: p.creditLeft,
        creditPrice: p.creditPrice,
        proFormNr: p.proFormNr,
        origin: p.origin,
        createdAt: p.createdAt,
        deletedAt: p.deletedAt,
      })
      .from(p)
      .innerJoin(companies, eq(companies.id, p.companyId))
      .where(and(eq(p.id, id), visibleCompaniesFilter(viewer)));
    return row ?? null;
  },

  /** Every ledger entry of one pool, oldest first. */
  async poolEntries(poolId: number, tx: Executor = db) {
    const l = creditLedger;
    return tx
      .select({
        id: l.id,
        actionType: l.actionType,
        amount: l.amount,
        createdAt: l.createdAt,
        username: users.username,
        deviceSerial: devices.serial,
      })
      .from(l)
      .leftJoin(users, eq(users.id, l.userId))
      .leftJoin(devices, eq(devices.id, l.deviceId))
      .where(eq(l.poolId, poolId))
      .orderBy(asc(l.createdAt), asc(l.id));
  },

  async company(viewer: Viewer, id: number, tx: Executor = db) {
    const [row] = await tx
      .select({ id: companies.id, name: companies.name, path: companies.path })
      .from(companies)
      .where(and(eq(companies.id, id), visibleCompaniesFilter(viewer)));
    return row ?? null;
  },

  /** Credits moved down to each subsidiary: per subsidiary and type, the moves and credits. */
  async childPools(
    company: { id: number; path: string },
    range: CreditRange,
    typeIds: readonly number[] | null,
    tx: Executor = db,
  ) {
    const l = creditLedger;
    return tx
      .select({
        companyId: counterpart.id,
        companyName: counterpart.name,
        creditTypeId: l.creditTypeId,
        credits: total(sql`-sum(${l.amount})`),
        moves: sql<number>`cast(count(distinct ${l.moveId}) as integer)`,
      })
      .from(l)
      .innerJoin(counterpart, eq(counterpart.id, l.counterpartCompanyId))
      .where(
        and(
          eq(l.companyId, company.id),
          eq(l.actionType, 4),
          ne(counterpart.id, company.id),
          sql`${counterpart.path} like ${`${company.path}%`}`,
          inRangeOfTypes(l, range, typeIds),
        ),
      )
      .groupBy(counterpart.id, counterpart.name, l.creditTypeId)
      .orderBy(asc(counterpart.name), asc(counterpart.id), asc(l.creditTypeId));
  },

  /** Every ledger entry of the company in the range, oldest first. */
  async poolLogs(
    companyId: number,
    range: CreditRange,
    typeIds: readonly number[] | null,
    tx: Executor = db,
  ) {
    const l = creditLedger;
    return tx
      .select({
        id: l.id,
        poolId: l.poolId,
        actionType: l.actionType,
        creditTypeId: l.creditTypeId,
        amount: l.amount,
        createdAt: l.createdAt,
        username: users.username,
        deviceMac: devices.mac,
        deviceSerial: devices.serial,
      })
      .from(l)
      .leftJoin(users, eq(users.id, l.userId))
      .leftJoin(devices, eq(devices.id, l.deviceId))
      .where(and(eq(l.companyId, companyId), inRangeOfTypes(l, range, typeIds)))
      .orderBy(asc(l.createdAt), asc(l.id));
  },

  /** Codes the company made in the range. */
  async codes(
    companyId: number,
    range: CreditRange,
    typeIds: readonly number[] | null,
    tx: Executor = db,
  ) {
    const c = creditCodes;
    return tx
      .select({
        code: c.code,
        amount: c.amount,
        creditTypeId: c.creditTypeId,
        activatedAt: c.activatedAt,
        usedByCompanyId: c.usedByCompanyId,
        createdAt: c.createdAt,
      })
      .from(c)
      .where(and(eq(c.companyId, companyId), inRangeOfTypes(c, range, typeIds)))
      .orderBy(asc(c.createdAt), asc(c.id));
  },

  /** Company data the company bought in the range. */
  async purchases(
    companyId: number,
    range: CreditRange,
    typeIds: readonly number[] | null,
    tx: Executor = db,
  ) {
    const p = companyDataPurchases;
    return tx
      .select({
        id: p.id,
        bytesPurchased: p.bytesPurchased,
        creditsUsed: p.creditsUsed,
        fromPoolId: p.fromPoolId,
        companyId: p.companyId,
        userId: p.userId,
        createdAt: p.createdAt,
      })
      .from(p)
      .where(and(eq(p.companyId, companyId), inRangeOfTypes(p, range, typeIds)))
      .orderBy(asc(p.createdAt), asc(p.id));
  },
});

export type CreditReportRepository = ReturnType<typeof createCreditReportRepository>;
