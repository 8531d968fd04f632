import type { ListQuery } from '@netfleet/contracts';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { countAll, orderByFrom, searchFilter } from '@/db/list';
import { companies, suppressedEmails, users } from '@/db/schema';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';

// Addresses are kept as bounced, in any case; they are compared and sorted case-insensitively.
const lowerEmail = sql`lower(${suppressedEmails.email})`;

const SORTABLE = {
  id: suppressedEmails.id,
  email: lowerEmail,
  created_at: suppressedEmails.createdAt,
};
const SEARCHABLE = { email: suppressedEmails.email };

/**
 * With a viewer, only addresses of users of the companies they see: the list carries no company,
 * so the user holding the address is what ties a row to a tree. Null is the whole list.
 */
const scopeFilter = (viewer: Viewer | null, tx: Executor): SQL | undefined => {
  if (!viewer) return undefined;
  const addresses = tx
    .select({ email: sql`lower(${users.email})` })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(visibleCompaniesFilter(viewer));
  return inArray(lowerEmail, addresses);
};

export const createSuppressedEmailsRepository = (db: Database) => ({
  async list(viewer: Viewer | null, query: ListQuery, tx: Executor = db) {
    const filters: (SQL | undefined)[] = [scopeFilter(viewer, tx)];
    if (query.q) filters.push(searchFilter(query.q, query['search-fields'], SEARCHABLE));
    if (query.id?.length) filters.push(inArray(suppressedEmails.id, query.id));
    const where = and(...filters);
    const orderBy = [
      ...orderByFrom(query.sort, SORTABLE, [desc(suppressedEmails.createdAt)]),
      desc(suppressedEmails.id),
    ];
    const rows = await tx
      .select()
      .from(suppressedEmails)
      .where(where)
      .orderBy(...orderBy)
      .limit(query.limit)
      .offset(query.offset);
    const [count] = await tx.select({ total: countAll }).from(suppressedEmails).where(where);
    return { rows, total: count?.total ?? 0 };
  },

  /** The removed row, or null when the address is not listed (or not the viewer's to remove). */
  async remove(viewer: Viewer | null, email: string, tx: Executor = db) {
    const [row] = await tx
      .delete(suppressedEmails)
      .where(and(eq(lowerEmail, email.toLowerCase()), scopeFilter(viewer, tx)))
      .returning();
    return row ?? null;
  },
});

export type SuppressedEmailsRepository = ReturnType<typeof createSuppressedEmailsRepository>;
