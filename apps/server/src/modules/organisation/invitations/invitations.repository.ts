import type { InvitationListQuery, InvitationStatus } from '@netfleet/contracts';
import { and, desc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '@/db/client';
import { countAll, orderByFrom, searchFilter } from '@/db/list';
import { companies, invitations, roles, suppressedEmails, users } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';
import { roleFilter } from '@/modules/organisation/users/users.repository';

const inviter = alias(users, 'inviter');

/** Pending until accepted or past its expiry, as of `at` (the app's clock, not the database's). */
const statusAt = (at: Date) =>
  sql<InvitationStatus>`case when ${invitations.acceptedAt} is not null then 'accepted' when ${invitations.expiresAt} <= ${at.toISOString()}::timestamptz then 'expired' else 'pending' end`;

const pendingAt = (at: Date) => and(isNull(invitations.acceptedAt), gt(invitations.expiresAt, at));

const columnsAt = (at: Date) => ({
  id: invitations.id,
  email: invitations.email,
  companyId: invitations.companyId,
  companyName: companies.name,
  roleId: invitations.roleId,
  roleName: roles.name,
  roleTitle: roles.title,
  /** The suppression reason of the invited address, from the lower(email) unique index. */
  bounceStatus: sql<
    string | null
  >`(select ${suppressedEmails.reason} from ${suppressedEmails} where lower(${suppressedEmails.email}) = lower(${invitations.email}))`,
  invitedBy: invitations.invitedBy,
  invitedByEmail: inviter.email,
  newCompany: invitations.newCompany,
  status: statusAt(at),
  createdAt: invitations.createdAt,
  expiresAt: invitations.expiresAt,
  lastSentAt: invitations.lastSentAt,
});

/** Invitations with their company, role and inviter; rows and their count share it. */
const joinAll = <T extends PgSelect>(query: T) =>
  query
    .innerJoin(companies, eq(companies.id, invitations.companyId))
    .innerJoin(roles, eq(roles.id, invitations.roleId))
    .leftJoin(inviter, eq(inviter.id, invitations.invitedBy));

const SEARCHABLE = { email: invitations.email, company_name: companies.name };

export type NewInvitation = Pick<
  typeof invitations.$inferInsert,
  'email' | 'companyId' | 'roleId' | 'invitedBy' | 'tokenHash' | 'newCompany' | 'expiresAt'
> & { lastSentAt: Date; createdAt: Date };

export const createInvitationsRepository = (db: Database) => ({
  /** One page of the invitations into companies the viewer sees. */
  async list(viewer: Viewer, query: InvitationListQuery, at: Date, tx: Executor = db) {
    const filters: (SQL | undefined)[] = [visibleCompaniesFilter(viewer)];
    if (query.q) filters.push(searchFilter(query.q, query['search-fields'], SEARCHABLE));
    if (query.role) filters.push(roleFilter(query.role));
    if (query.company_id) filters.push(eq(invitations.companyId, query.company_id));
    if (query.status) filters.push(eq(statusAt(at), query.status));
    if (query.id?.length) filters.push(inArray(invitations.id, query.id));
    const where = and(...filters);
    const orderBy = orderByFrom(
      query.sort,
      {
        id: invitations.id,
        email: invitations.email,
        company_name: companies.name,
        role_title: roles.title,
        status: statusAt(at),
        created_at: invitations.createdAt,
        expires_at: invitations.expiresAt,
      },
      [desc(invitations.createdAt)],
    );
    const rows = await joinAll(tx.select(columnsAt(at)).from(invitations).$dynamic())
      .where(where)
      .orderBy(...orderBy, desc(invitations.id))
      .limit(query.limit)
      .offset(query.offset);
    const [count] = await joinAll(
      tx.select({ total: countAll }).from(invitations).$dynamic(),
    ).where(where);
    return { rows, total: count?.total ?? 0 };
  },

  async findVisible(viewer: Viewer, id: number, at: Date, tx: Executor = db) {
    const [row] = await joinAll(tx.select(columnsAt(at)).from(invitations).$dynamic()).where(
      and(eq(invitations.id, id), visibleCompaniesFilter(viewer)),
    );
    return row ?? null;
  },

  /** The pending invitation behind a mailed link, with what the registration page shows. */
  async findPendingByToken(tokenHash: string, at: Date, tx: Executor = db) {
    const [row] = await joinAll(tx.select(columnsAt(at)).from(invitations).$dynamic()).where(
      and(eq(invitations.tokenHash, tokenHash), pendingAt(at)),
    );
    return row ?? null;
  },

  async hasPending(email: string, at: Date, tx: Executor = db): Promise<boolean> {
    const [row] = await tx
      .select({ id: invitations.id })
      .from(invitations)
      .where(and(sql`lower(${invitations.email}) = ${email.toLowerCase()}`, pendingAt(at)))
      .limit(1);
    return row !== undefined;
  },

  async findVisibleCompany(viewer: Viewer, id: number, tx: Executor = db) {
    const [row] = await tx
      .select()
      .from(companies)
      .where(and(eq(companies.id, id), visibleCompaniesFilter(viewer)));
    return row ?? null;
  },

  async insert(values: NewInvitation, tx: Executor = db): Promise<number> {
    const [row] = await tx.insert(invitations).values(values).returning({ id: invitations.id });
    if (!row) throw new Error('invitation insert returned nothing');
    return row.id;
  },

  /** A new link: the previous one stops working. */
  async renew(
    id: number,
    values: { tokenHash: string; expiresAt: Date; lastSentAt: Date },
    tx: Executor = db,
  ) {
    await tx.update(invitations).set(values).where(eq(invitations.id, id));
  },

  async remove(id: number, tx: Executor = db) {
    await tx.delete(invitations).where(eq(invitations.id, id));
  },

  /**
   * Marks the pending invitation behind the link accepted and returns it with its company; null
   * when there is none (unknown, expired, or accepted by a concurrent request).
   */
  async accept(tokenHash: string, at: Date, tx: Executor = db) {
    const [accepted] = await tx
      .update(invitations)
      .set({ acceptedAt: at })
      .where(and(eq(invitations.tokenHash, tokenHash), pendingAt(at)))
      .returning();
    if (!accepted) return null;
    const [company] = await tx.select().from(companies).where(eq(companies.id, accepted.companyId));
    if (!company) return null;
    return { invitation: accepted, company };
  },

  async companyNameTaken(parentId: number, name: string, tx: Executor = db): Promise<boolean> {
    const [row] = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(
        and(
          eq(companies.parentId, parentId),
          sql`lower(${companies.name}) = ${name.toLowerCase()}`,
        ),
      )
      .limit(1);
    return row !== undefined;
  },

  /** A subsidiary of `parent`, with its materialised path. */
  async createSubsidiary(parent: CompanyRow, name: string, tx: Executor = db): Promise<CompanyRow> {
    const [row] = await tx
      .insert(companies)
      .values({ name, parentId: parent.id, level: parent.level + 1, path: 'pending' })
      .returning({ id: companies.id });
    if (!row) throw new Error('company insert returned nothing');
    const [company] = await tx
      .update(companies)
      .set({ path: `${parent.path}${row.id}/` })
      .where(eq(companies.id, row.id))
      .returning();
    if (!company) throw new Error('company update returned nothing');
    return company;
  },

  async insertUser(
    values: Pick<
      typeof users.$inferInsert,
      'email' | 'username' | 'passwordHash' | 'companyId' | 'roleId' | 'emailVerifiedAt'
    >,
    tx: Executor = db,
  ) {
    const [user] = await tx.insert(users).values(values).returning();
    if (!user) throw new Error('user insert returned nothing');
    return user;
  },
});

export type InvitationsRepository = ReturnType<typeof createInvitationsRepository>;
export type InvitationRow = NonNullable<Awaited<ReturnType<InvitationsRepository['findVisible']>>>;
