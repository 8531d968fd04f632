import type { CreditCodeListQuery } from '@netfleet/contracts';
import { and, desc, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '@/db/client';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';
import { countAll, orderByFrom, searchFilter } from '@/db/list';
import { companies, creditCodes, users } from '@/db/schema';

const usedBy = alias(companies, 'used_by_company');

const SORT = {
  id: creditCodes.id,
  created_at: creditCodes.createdAt,
  credits_amount: creditCodes.amount,
  activated_at: creditCodes.activatedAt,
};
const SEARCHABLE = { code: creditCodes.code, comment: creditCodes.comment };

const statusFilter = (status: CreditCodeListQuery['status']): SQL | undefined => {
  if (status === 'used') return isNotNull(creditCodes.activatedAt);
  if (status === 'revoked') return isNotNull(creditCodes.revokedAt);
  if (status === 'active')
    return and(isNull(creditCodes.activatedAt), isNull(creditCodes.revokedAt));
  return undefined;
};

export type CodeRow = NonNullable<Awaited<ReturnType<CreditCodesRepository['find']>>>;

/** Codes, listed for the companies that made them. */
export const createCreditCodesRepository = (db: Database) => {
  const selectCodes = (tx: Executor) =>
    tx
      .select({
        id: creditCodes.id,
        code: creditCodes.code,
        companyId: creditCodes.companyId,
        companyName: companies.name,
        creatorEmail: users.email,
        creditTypeId: creditCodes.creditTypeId,
        amount: creditCodes.amount,
        comment: creditCodes.comment,
        usedByCompanyId: creditCodes.usedByCompanyId,
        usedByCompanyName: usedBy.name,
        usedByUserId: creditCodes.usedByUserId,
        createdBy: creditCodes.createdBy,
        activatedAt: creditCodes.activatedAt,
        revokedAt: creditCodes.revokedAt,
        createdAt: creditCodes.createdAt,
      })
      .from(creditCodes)
      .innerJoin(companies, eq(companies.id, creditCodes.companyId))
      .leftJoin(usedBy, eq(usedBy.id, creditCodes.usedByCompanyId))
      .leftJoin(users, eq(users.id, creditCodes.createdBy));

  return {
    async list(viewer: Viewer, query: CreditCodeListQuery, tx: Executor = db) {
      const where = and(
        visibleCompaniesFilter(viewer),
        query.company_id ? eq(creditCodes.companyId, query.company_id) : undefined,
        query.id?.length ? inArray(creditCodes.id, query.id) : undefined,
        statusFilter(query.status),
        query.q ? searchFilter(query.q, query['search-fields'], SEARCHABLE) : undefined,
      );
      const rows = await selectCodes(tx)
        .where(where)
        .orderBy(
          ...orderByFrom(query.sort, SORT, [desc(creditCodes.createdAt)]),
          desc(creditCodes.id),
        )
        .limit(query.limit)
        .offset(query.offset);
      const [count] = await tx
        .select({ total: countAll })
        .from(creditCodes)
        .innerJoin(companies, eq(companies.id, creditCodes.companyId))
        .where(where);
      return { rows, total: count?.total ?? 0 };
    },

    /** A code of a company the viewer sees (null viewer: unscoped, after an allowed write). */
    async find(viewer: Viewer | null, id: number, tx: Executor = db) {
      const [row] = await selectCodes(tx).where(
        and(eq(creditCodes.id, id), viewer ? visibleCompaniesFilter(viewer) : undefined),
      );
      return row ?? null;
    },

    async findByCode(code: string, tx: Executor = db) {
      const [row] = await selectCodes(tx).where(eq(creditCodes.code, code));
      return row ?? null;
    },

    async insert(values: typeof creditCodes.$inferInsert, tx: Executor = db) {
      const [row] = await tx.insert(creditCodes).values(values).returning({ id: creditCodes.id });
      if (!row) throw new Error('credit code insert returned nothing');
      return row.id;
    },

    /**
     * Marks an unused, unrevoked code used; false when it no longer is (a concurrent activation or
     * revocation won). The condition in the UPDATE is what makes a code single use.
     */
    async markUsed(
      id: number,
      used: { companyId: number; userId: number; at: Date },
      tx: Executor = db,
    ) {
      const rows = await tx
        .update(creditCodes)
        .set({ usedByCompanyId: used.companyId, usedByUserId: used.userId, activatedAt: used.at })
        .where(
          and(
            eq(creditCodes.id, id),
            isNull(creditCodes.activatedAt),
            isNull(creditCodes.revokedAt),
          ),
        )
        .returning({ id: creditCodes.id });
      return rows.length === 1;
    },

    /** Revokes an unused code; false when it was activated or revoked meanwhile. */
    async markRevoked(id: number, at: Date, tx: Executor = db) {
      const rows = await tx
        .update(creditCodes)
        .set({ revokedAt: at })
        .where(
          and(
            eq(creditCodes.id, id),
            isNull(creditCodes.activatedAt),
            isNull(creditCodes.revokedAt),
          ),
        )
        .returning({ id: creditCodes.id });
      return rows.length === 1;
    },

    async setComment(id: number, comment: string, tx: Executor = db) {
      await tx.update(creditCodes).set({ comment }).where(eq(creditCodes.id, id));
    },
  };
};

export type CreditCodesRepository = ReturnType<typeof createCreditCodesRepository>;
