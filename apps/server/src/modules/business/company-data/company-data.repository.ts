import type { CompanyDataHistoryQuery } from '@netfleet/contracts';
import { and, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';
import { countAll, orderByFrom, searchFilter } from '@/db/list';
import { companies, companyDataPurchases, users } from '@/db/schema';

const SORT = {
  id: companyDataPurchases.id,
  created_at: companyDataPurchases.createdAt,
  credits_used: companyDataPurchases.creditsUsed,
  data: companyDataPurchases.bytesPurchased,
  company: companies.name,
};
const SEARCHABLE = { company: companies.name, user: users.username, email: users.email };

/**
 * The most bytes a company holds: `remaining_data` is answered as a JSON number, exact up to
 * 2^53 - 1 (about 8 PiB), far below what PostgreSQL's bigint would take.
 */
export const REMAINING_DATA_MAX = Number.MAX_SAFE_INTEGER;

export type PurchaseRow = NonNullable<Awaited<ReturnType<CompanyDataRepository['find']>>>;

/** Company data purchases and the bytes they put on companies. */
export const createCompanyDataRepository = (db: Database) => {
  const selectPurchases = (tx: Executor) =>
    tx
      .select({
        id: companyDataPurchases.id,
        companyId: companyDataPurchases.companyId,
        company: companies.name,
        creditTypeId: companyDataPurchases.creditTypeId,
        creditsUsed: companyDataPurchases.creditsUsed,
        bytesPurchased: companyDataPurchases.bytesPurchased,
        fromPoolId: companyDataPurchases.fromPoolId,
        userId: companyDataPurchases.userId,
        username: users.username,
        email: users.email,
        createdAt: companyDataPurchases.createdAt,
      })
      .from(companyDataPurchases)
      .innerJoin(companies, eq(companies.id, companyDataPurchases.companyId))
      .leftJoin(users, eq(users.id, companyDataPurchases.userId));

  return {
    /** Purchases of the companies the viewer sees, filtered, sorted and paged in SQL. */
    async list(viewer: Viewer, query: CompanyDataHistoryQuery, tx: Executor = db) {
      const where = and(
        visibleCompaniesFilter(viewer),
        query.company_id ? eq(companyDataPurchases.companyId, query.company_id) : undefined,
        query.id?.length ? inArray(companyDataPurchases.id, query.id) : undefined,
        query.start_date ? gte(companyDataPurchases.createdAt, query.start_date) : undefined,
        query.end_date ? lte(companyDataPurchases.createdAt, query.end_date) : undefined,
        query.q ? searchFilter(query.q, query['search-fields'], SEARCHABLE) : undefined,
      );
      const rows = await selectPurchases(tx)
        .where(where)
        .orderBy(
          ...orderByFrom(query.sort, SORT, [desc(companyDataPurchases.createdAt)]),
          desc(companyDataPurchases.id),
        )
        .limit(query.limit)
        .offset(query.offset);
      const [count] = await tx
        .select({ total: countAll })
        .from(companyDataPurchases)
        .innerJoin(companies, eq(companies.id, companyDataPurchases.companyId))
        .leftJoin(users, eq(users.id, companyDataPurchases.userId))
        .where(where);
      return { rows, total: count?.total ?? 0 };
    },

    /** A purchase of a company the viewer sees (null viewer: unscoped, after an allowed write). */
    async find(viewer: Viewer | null, id: number, tx: Executor = db) {
      const [row] = await selectPurchases(tx).where(
        and(eq(companyDataPurchases.id, id), viewer ? visibleCompaniesFilter(viewer) : undefined),
      );
      return row ?? null;
    },

    async insert(values: typeof companyDataPurchases.$inferInsert, tx: Executor) {
      const [row] = await tx
        .insert(companyDataPurchases)
        .values(values)
        .returning({ id: companyDataPurchases.id });
      if (!row) throw new Error('company data purchase insert returned nothing');
      return row.id;
    },

    /**
     * Adds bytes to the company's remaining data in the caller's transaction, in one statement
     * (concurrent purchases add up). Answers the new total, or null when it would pass
     * REMAINING_DATA_MAX (nothing changes).
     */
    async addRemainingData(companyId: number, bytes: number, tx: Executor) {
      const [row] = await tx
        .update(companies)
        .set({ remainingData: sql`${companies.remainingData} + ${bytes}` })
        .where(
          and(
            eq(companies.id, companyId),
            lte(companies.remainingData, REMAINING_DATA_MAX - bytes),
          ),
        )
        .returning({ remainingData: companies.remainingData });
      return row?.remainingData ?? null;
    },
  };
};

export type CompanyDataRepository = ReturnType<typeof createCompanyDataRepository>;
