import {
  type MailLogListQuery,
  type OutboxListQuery,
  OUTBOX_RETENTION_DAYS,
} from '@netfleet/contracts';
import { and, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';
import { countAll, orderByFrom, searchFilter } from '@/db/list';
import { companies, mailLogs, mailOutbox, users } from '@/db/schema';

const SORTABLE = {
  created_at: mailLogs.createdAt,
  to: mailLogs.to,
  subject: mailLogs.subject,
  status: mailLogs.status,
};
const SEARCHABLE = { to: mailLogs.to, subject: mailLogs.subject };
const OUTBOX_SORTABLE = {
  created_at: mailOutbox.createdAt,
  to: mailLogs.to,
  subject: mailOutbox.subject,
};
const OUTBOX_SEARCHABLE = { to: mailLogs.to, subject: mailOutbox.subject };

export const createMailLogsRepository = (db: Database) => ({
  /**
   * One page of outgoing mail. With a viewer, only mail addressed to users of the companies they
   * see (mail_logs carries no company, so the recipient is what ties a row to a company).
   */
  async list(viewer: Viewer | null, query: MailLogListQuery, tx: Executor = db) {
    const filters: (SQL | undefined)[] = [];
    if (viewer) {
      const recipients = tx
        .select({ email: users.email })
        .from(users)
        .innerJoin(companies, eq(companies.id, users.companyId))
        .where(visibleCompaniesFilter(viewer));
      // users.email is stored lower-cased; the recipient as written may not be.
      filters.push(inArray(sql`lower(${mailLogs.to})`, recipients));
    }
    if (query.q) filters.push(searchFilter(query.q, query['search-fields'], SEARCHABLE));
    if (query.status) filters.push(eq(mailLogs.status, query.status));
    if (query.id?.length) filters.push(inArray(mailLogs.id, query.id));
    const where = and(...filters);
    // The id tie-breaker keeps pages stable when many rows share a timestamp or subject.
    const orderBy = [
      ...orderByFrom(query.sort, SORTABLE, [desc(mailLogs.createdAt)]),
      desc(mailLogs.id),
    ];
    const rows = await tx
      .select()
      .from(mailLogs)
      .where(where)
      .orderBy(...orderBy)
      .limit(query.limit)
      .offset(query.offset);
    const [count] = await tx.select({ total: countAll }).from(mailLogs).where(where);
    return { rows, total: count?.total ?? 0 };
  },

  /** One page of the unsent mail in full (the caller is a super admin: no company scope). */
  async listOutbox(query: OutboxListQuery, tx: Executor = db) {
    const where = and(
      // Pruning happens as mail comes in; what aged out since is not shown either.
      gte(mailOutbox.createdAt, sql`now() - make_interval(days => ${OUTBOX_RETENTION_DAYS})`),
      query.q ? searchFilter(query.q, query['search-fields'], OUTBOX_SEARCHABLE) : undefined,
      query.id?.length ? inArray(mailOutbox.mailLogId, query.id) : undefined,
    );
    const orderBy = [
      ...orderByFrom(query.sort, OUTBOX_SORTABLE, [desc(mailOutbox.createdAt)]),
      desc(mailOutbox.mailLogId),
    ];
    const rows = await tx
      .select({
        id: mailOutbox.mailLogId,
        to: mailLogs.to,
        subject: mailOutbox.subject,
        body: mailOutbox.body,
        createdAt: mailOutbox.createdAt,
      })
      .from(mailOutbox)
      .innerJoin(mailLogs, eq(mailLogs.id, mailOutbox.mailLogId))
      .where(where)
      .orderBy(...orderBy)
      .limit(query.limit)
      .offset(query.offset);
    const [count] = await tx
      .select({ total: countAll })
      .from(mailOutbox)
      .innerJoin(mailLogs, eq(mailLogs.id, mailOutbox.mailLogId))
      .where(where);
    return { rows, total: count?.total ?? 0 };
  },
});

export type MailLogsRepository = ReturnType<typeof createMailLogsRepository>;
