import { ID_MAX, SUPER_ADMIN_PERMISSION, type UserListQuery } from '@netfleet/contracts';
import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { countAll, orderByFrom, searchFilter } from '@/db/list';
import { companies, mfaChallenges, rolePermissions, roles, userMfa, users } from '@/db/schema';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';

/** `role=admin` or `role=2`: a role name or a role id (an id no row can have matches nothing). */
export const roleFilter = (value: string): SQL => {
  if (!/^\d+$/.test(value)) return eq(roles.name, value);
  const id = Number(value);
  return id >= 1 && id <= ID_MAX ? eq(roles.id, id) : sql`false`;
};

const userColumns = {
  id: users.id,
  email: users.email,
  username: users.username,
  companyId: users.companyId,
  companyName: companies.name,
  companyPath: companies.path,
  companyLevel: companies.level,
  companyParentId: companies.parentId,
  roleId: users.roleId,
  roleName: roles.name,
  roleTitle: roles.title,
  mfaType: users.mfaType,
  emailVerifiedAt: users.emailVerifiedAt,
  ssoAdmin: users.ssoAdmin,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  /** Whether the user's role makes them a system administrator (protected from others). */
  superAdmin: sql<boolean>`exists (select 1 from ${rolePermissions} where ${rolePermissions.roleId} = ${users.roleId} and ${rolePermissions.permission} = ${SUPER_ADMIN_PERMISSION})`,
};

const SORTABLE = {
  id: users.id,
  email: users.email,
  username: users.username,
  company_name: companies.name,
  role_title: roles.title,
  created_at: users.createdAt,
};
// `name` is the username under the name the console's global search asks for (spec §7).
const SEARCHABLE = { email: users.email, username: users.username, name: users.username };

export const createUsersRepository = (db: Database) => {
  const selectUsers = (tx: Executor) =>
    tx
      .select(userColumns)
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .innerJoin(roles, eq(roles.id, users.roleId));

  const findVisibleWhere = async (viewer: Viewer, condition: SQL, tx: Executor) => {
    const [row] = await selectUsers(tx).where(and(visibleCompaniesFilter(viewer), condition));
    return row ?? null;
  };

  return {
    /** One page of the users of the companies the viewer sees. */
    async list(viewer: Viewer, query: UserListQuery, tx: Executor = db) {
      const filters: (SQL | undefined)[] = [visibleCompaniesFilter(viewer)];
      if (query.q) filters.push(searchFilter(query.q, query['search-fields'], SEARCHABLE));
      if (query.role) filters.push(roleFilter(query.role));
      if (query.company_id) filters.push(eq(users.companyId, query.company_id));
      if (query.id?.length) filters.push(inArray(users.id, query.id));
      const where = and(...filters);
      // The id tie-breaker keeps pages stable when many rows share a sort value.
      const orderBy = [...orderByFrom(query.sort, SORTABLE, []), asc(users.id)];
      const rows = await selectUsers(tx)
        .where(where)
        .orderBy(...orderBy)
        .limit(query.limit)
        .offset(query.offset);
      const [count] = await tx
        .select({ total: countAll })
        .from(users)
        .innerJoin(companies, eq(companies.id, users.companyId))
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(where);
      return { rows, total: count?.total ?? 0 };
    },

    findVisible(viewer: Viewer, id: number, tx: Executor = db) {
      return findVisibleWhere(viewer, eq(users.id, id), tx);
    },

    /** users.email is stored lower-cased; the lookup is on the lower(email) index. */
    findVisibleByEmail(viewer: Viewer, email: string, tx: Executor = db) {
      return findVisibleWhere(viewer, sql`lower(${users.email}) = ${email.toLowerCase()}`, tx);
    },

    /** A company the viewer sees, or null. */
    async findVisibleCompany(viewer: Viewer, id: number, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(companies)
        .where(and(eq(companies.id, id), visibleCompaniesFilter(viewer)));
      return row ?? null;
    },

    async remove(id: number, tx: Executor = db): Promise<boolean> {
      const rows = await tx.delete(users).where(eq(users.id, id)).returning({ id: users.id });
      return rows.length > 0;
    },

    async setRole(id: number, roleId: number, tx: Executor = db) {
      await tx.update(users).set({ roleId }).where(eq(users.id, id));
    },

    async setCompany(id: number, companyId: number, tx: Executor = db) {
      await tx.update(users).set({ companyId, ssoAdmin: false }).where(eq(users.id, id));
    },

    /** The user becomes the company's only SSO administrator. */
    async makeSsoAdmin(id: number, companyId: number, tx: Executor = db) {
      await tx
        .update(users)
        .set({ ssoAdmin: false })
        .where(and(eq(users.companyId, companyId), ne(users.id, id), eq(users.ssoAdmin, true)));
      await tx.update(users).set({ ssoAdmin: true }).where(eq(users.id, id));
    },

    /** Second factor, enrolment in progress and pending sign-in checks all go. */
    async removeMfa(id: number, tx: Executor = db) {
      await tx.delete(userMfa).where(eq(userMfa.userId, id));
      await tx.delete(mfaChallenges).where(eq(mfaChallenges.userId, id));
      await tx.update(users).set({ mfaType: null }).where(eq(users.id, id));
    },
  };
};

export type UsersRepository = ReturnType<typeof createUsersRepository>;
export type UserListRow = NonNullable<Awaited<ReturnType<UsersRepository['findVisible']>>>;
