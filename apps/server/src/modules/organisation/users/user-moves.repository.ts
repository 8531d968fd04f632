import type { ListQuery } from '@netfleet/contracts';
import { and, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { countAll, orderByFrom, searchFilter } from '@/db/list';
import { companies, userMoveLogs, users } from '@/db/schema';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';

const SORTABLE = {
  id: userMoveLogs.id,
  created_at: userMoveLogs.createdAt,
  user_email: userMoveLogs.userEmail,
  from_company_name: userMoveLogs.fromCompanyName,
  to_company_name: userMoveLogs.toCompanyName,
};
const SEARCHABLE = {
  user_email: userMoveLogs.userEmail,
  from_company_name: userMoveLogs.fromCompanyName,
  to_company_name: userMoveLogs.toCompanyName,
};

export type NewUserMoveLog = Omit<typeof userMoveLogs.$inferInsert, 'id' | 'createdAt'>;

export const createUserMovesRepository = (db: Database) => ({
  async insertLog(values: NewUserMoveLog, tx: Executor = db) {
    await tx.insert(userMoveLogs).values(values);
  },

  /** Moves out of or into a company the viewer sees. */
  async listLogs(viewer: Viewer, query: ListQuery, tx: Executor = db) {
    const visible = tx
      .select({ id: companies.id })
      .from(companies)
      .where(visibleCompaniesFilter(viewer));
    const filters: (SQL | undefined)[] = [
      or(inArray(userMoveLogs.fromCompanyId, visible), inArray(userMoveLogs.toCompanyId, visible)),
    ];
    if (query.q) filters.push(searchFilter(query.q, query['search-fields'], SEARCHABLE));
    if (query.id?.length) filters.push(inArray(userMoveLogs.id, query.id));
    const where = and(...filters);
    const orderBy = [
      ...orderByFrom(query.sort, SORTABLE, [desc(userMoveLogs.createdAt)]),
      desc(userMoveLogs.id),
    ];
    const rows = await tx
      .select({
        id: userMoveLogs.id,
        userId: userMoveLogs.userId,
        userEmail: userMoveLogs.userEmail,
        fromCompanyId: userMoveLogs.fromCompanyId,
        fromCompanyName: userMoveLogs.fromCompanyName,
        toCompanyId: userMoveLogs.toCompanyId,
        toCompanyName: userMoveLogs.toCompanyName,
        movedByEmail: users.email,
        createdAt: userMoveLogs.createdAt,
      })
      .from(userMoveLogs)
      .leftJoin(users, eq(users.id, userMoveLogs.movedBy))
      .where(where)
      .orderBy(...orderBy)
      .limit(query.limit)
      .offset(query.offset);
    const [count] = await tx.select({ total: countAll }).from(userMoveLogs).where(where);
    return { rows, total: count?.total ?? 0 };
  },
});

export type UserMovesRepository = ReturnType<typeof createUserMovesRepository>;
