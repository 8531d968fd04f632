import { type ConnectLogQuery, parseApiDate } from '@netfleet/contracts';
import { and, asc, desc, eq, gte, lte, not, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';
import { countAll, orderByFrom } from '@/db/list';
import { companies, devices, remoteSessions as sessions, users } from '@/db/schema';
import type { SessionsRepository } from './sessions.repository';
import { activeAt } from './sessions.repository';

/** When a session ended for sorting: closed, else its expiry (the same order end_time shows). */
const endColumn = sql`coalesce(${sessions.endedAt}, ${sessions.expiresAt})`;

/** CONNECT_LOG_SORT_FIELDS, the RMS names, to columns. */
const SORTABLE = {
  start_date: sessions.createdAt,
  end_date: endColumn,
  company_name: companies.name,
  input_data: sessions.inputBytes,
  output_data: sessions.outputBytes,
};

/**
 * The access history: sessions started in [start_date, end_date] in the companies the viewer
 * sees, filtered, sorted and paged in SQL on the (company_id, created_at) index.
 */
export const createConnectLogsRepository = (
  db: Database,
  selectSessions: SessionsRepository['selectSessions'],
) => ({
  async list(viewer: Viewer, query: ConnectLogQuery, now: Date) {
    const filters: (SQL | undefined)[] = [
      visibleCompaniesFilter(viewer),
      gte(sessions.createdAt, new Date(parseApiDate(query.start_date))),
      lte(sessions.createdAt, new Date(parseApiDate(query.end_date))),
    ];
    if (query.active === 'true') filters.push(activeAt(now));
    if (query.active === 'false') filters.push(not(activeAt(now)));
    if (query.user_id) filters.push(eq(sessions.userId, query.user_id));
    if (query.type) filters.push(eq(sessions.type, query.type));
    if (query.device_id) filters.push(eq(sessions.deviceId, query.device_id));
    const where = and(...filters);
    const orderBy = [
      ...orderByFrom(query.sort, SORTABLE, [desc(sessions.createdAt)]),
      asc(sessions.id),
    ];
    const rows = await selectSessions(db)
      .where(where)
      .orderBy(...orderBy)
      .limit(query.limit)
      .offset(query.offset);
    const [count] = await db
      .select({ total: countAll })
      .from(sessions)
      .innerJoin(devices, eq(devices.id, sessions.deviceId))
      .innerJoin(users, eq(users.id, sessions.userId))
      .innerJoin(companies, eq(companies.id, sessions.companyId))
      .where(where);
    return { rows, total: count?.total ?? 0 };
  },
});

export type ConnectLogsRepository = ReturnType<typeof createConnectLogsRepository>;
