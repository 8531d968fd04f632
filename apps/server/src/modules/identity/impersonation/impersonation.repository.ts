import type { ListQuery } from '@netfleet/contracts';
import { and, desc, eq, gt, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '@/db/client';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';
import { containsPattern, countAll, orderByFrom } from '@/db/list';
import { companies, impersonationAccessRequests, impersonationLogs, users } from '@/db/schema';

const impersonator = alias(users, 'impersonator');
const target = alias(users, 'target');

/** Log entries with both users and the target's company; rows and their count share it. */
const joinLogs = <T extends PgSelect>(query: T) =>
  query
    .innerJoin(target, eq(target.id, impersonationLogs.userId))
    .innerJoin(impersonator, eq(impersonator.id, impersonationLogs.impersonatorId))
    .innerJoin(companies, eq(companies.id, target.companyId));

export const createImpersonationRepository = (db: Database) => ({
  async insertLog(
    values: { impersonatorId: number; userId: number; sessionId: string; ip: string },
    tx: Executor = db,
  ) {
    await tx.insert(impersonationLogs).values(values);
  },

  async setAccessLimit(userId: number, until: Date | null, tx: Executor = db) {
    await tx.update(users).set({ impersonationAccessLimit: until }).where(eq(users.id, userId));
  },

  async insertAccessRequest(
    values: { userId: number; requestedBy: number; tokenHash: string; expiresAt: Date },
    tx: Executor = db,
  ) {
    await tx.insert(impersonationAccessRequests).values(values);
  },

  /** When the user was last asked, so a mailbox is not flooded with requests. */
  async latestAccessRequestAt(userId: number, tx: Executor = db): Promise<Date | null> {
    const [row] = await tx
      .select({ createdAt: impersonationAccessRequests.createdAt })
      .from(impersonationAccessRequests)
      .where(eq(impersonationAccessRequests.userId, userId))
      .orderBy(desc(impersonationAccessRequests.createdAt))
      .limit(1);
    return row?.createdAt ?? null;
  },

  /** Marks the user's unconfirmed, unexpired request confirmed; false when there is none. */
  async confirmAccessRequest(userId: number, tokenHash: string, at: Date, tx: Executor = db) {
    const rows = await tx
      .update(impersonationAccessRequests)
      .set({ confirmedAt: at })
      .where(
        and(
          eq(impersonationAccessRequests.tokenHash, tokenHash),
          eq(impersonationAccessRequests.userId, userId),
          isNull(impersonationAccessRequests.confirmedAt),
          gt(impersonationAccessRequests.expiresAt, at),
        ),
      )
      .returning({ id: impersonationAccessRequests.id });
    return rows.length > 0;
  },

  /** Log entries about users of the companies the viewer sees. */
  async listLogs(viewer: Viewer, query: ListQuery, tx: Executor = db) {
    const filters: SQL[] = [visibleCompaniesFilter(viewer)];
    if (query.q) {
      const pattern = containsPattern(query.q);
      filters.push(
        or(
          ilike(target.email, pattern),
          ilike(impersonator.email, pattern),
          ilike(companies.name, pattern),
        ) as SQL,
      );
    }
    if (query.id?.length) filters.push(inArray(impersonationLogs.id, query.id));
    const where = and(...filters);
    const orderBy = orderByFrom(
      query.sort,
      {
        id: impersonationLogs.id,
        started_at: impersonationLogs.startedAt,
        ended_at: impersonationLogs.endedAt,
        user_email: target.email,
        impersonator_email: impersonator.email,
        company_name: companies.name,
      },
      [desc(impersonationLogs.startedAt), desc(impersonationLogs.id)],
    );
    const rows = await joinLogs(
      tx
        .select({
          id: impersonationLogs.id,
          impersonatorId: impersonator.id,
          impersonatorEmail: impersonator.email,
          userId: target.id,
          userEmail: target.email,
          companyId: companies.id,
          companyName: companies.name,
          startedAt: impersonationLogs.startedAt,
          endedAt: impersonationLogs.endedAt,
          ip: impersonationLogs.ip,
        })
        .from(impersonationLogs)
        .$dynamic(),
    )
      .where(where)
      .orderBy(...orderBy)
      .limit(query.limit)
      .offset(query.offset);
    const [count] = await joinLogs(
      tx.select({ total: countAll }).from(impersonationLogs).$dynamic(),
    ).where(where);
    return { rows, total: count?.total ?? 0 };
  },
});

export type ImpersonationRepository = ReturnType<typeof createImpersonationRepository>;
