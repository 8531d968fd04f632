import { CREDIT_TYPES, type CompanyListQuery, type LicenseType } from '@netfleet/contracts';
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '@/db/client';
import { countAll, orderByFrom, searchFilter } from '@/db/list';
import { companies, creditBalances, devices, roles, users } from '@/db/schema';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';

const parent = alias(companies, 'parent');
const roleCompany = alias(companies, 'role_company');
const userCompany = alias(companies, 'user_company');

/** What the company holds of one license type, all its credit types summed (0 when none). */
const creditsOfLicense = (license: LicenseType) => {
  const ids = CREDIT_TYPES.filter((type) => type.license_type === license).map((type) => type.id);
  return sql<number>`(select cast(coalesce(sum(b.credits_left), 0) as bigint) from ${creditBalances} b
    where b.company_id = ${companies.id} and b.credit_type_id in (${sql.join(ids, sql`, `)}))`.mapWith(
    Number,
  );
};

const companyColumns = {
  id: companies.id,
  name: companies.name,
  level: companies.level,
  path: companies.path,
  parentId: companies.parentId,
  parentName: parent.name,
  email: companies.email,
  remainingData: companies.remainingData,
  paymentType: companies.paymentType,
  showPayment: companies.showPayment,
  mfaEnforced: companies.mfaEnforced,
  createdAt: companies.createdAt,
  userCount: sql<number>`(select cast(count(*) as integer) from ${users} where ${users.companyId} = ${companies.id})`,
  devicesCount: sql<number>`(select cast(count(*) as integer) from ${devices} where ${devices.companyId} = ${companies.id})`,
  childCount: sql<number>`(select cast(count(*) as integer) from ${companies} as "child" where "child"."parent_id" = ${companies.id})`,
  creditsLeft: creditsOfLicense('management'),
  packsLeft: creditsOfLicense('data'),
};

const SORTABLE = {
  id: companies.id,
  name: companies.name,
  level: companies.level,
  created_at: companies.createdAt,
  // RMS's sort names, its `crated_at` spelling included.
  parent_id: companies.parentId,
  company_name: companies.name,
  crated_at: companies.createdAt,
  device_count: companyColumns.devicesCount,
  devices_count: companyColumns.devicesCount,
  users_count: companyColumns.userCount,
};
const SEARCHABLE = { name: companies.name, email: companies.email };

/** Tree order: a parent before its subsidiaries. "C" collation, so '/' sorts before digits. */
const treeOrder = sql`${companies.path} collate "C"`;
const subtreeOf = (path: string): SQL => sql`${companies.path} like ${`${path}%`}`;

export interface NewCompany {
  name: string;
  parentId: number;
  level: number;
  parentPath: string;
}

export interface CompanyChanges {
  name?: string;
  email?: string | null;
  showPayment?: boolean;
  paymentType?: string;
  mfaEnforced?: boolean;
}

export const createCompaniesRepository = (db: Database) => {
  const selectCompanies = (tx: Executor) =>
    tx.select(companyColumns).from(companies).leftJoin(parent, eq(parent.id, companies.parentId));

  return {
    /** One page of the companies the viewer sees. */
    async list(viewer: Viewer, query: CompanyListQuery, tx: Executor = db) {
      const filters: (SQL | undefined)[] = [visibleCompaniesFilter(viewer)];
      if (query.q) filters.push(searchFilter(query.q, query['search-fields'], SEARCHABLE));
      if (query.parent_id) filters.push(eq(companies.parentId, query.parent_id));
      if (query.level?.length) filters.push(inArray(companies.level, query.level));
      if (query.id?.length) filters.push(inArray(companies.id, query.id));
      const where = and(...filters);
      // The id tie-breaker keeps pages stable when many rows share a sort value.
      const orderBy = [...orderByFrom(query.sort, SORTABLE, []), asc(companies.id)];
      const rows = await selectCompanies(tx)
        .where(where)
        .orderBy(...orderBy)
        .limit(query.limit)
        .offset(query.offset);
      const [count] = await tx.select({ total: countAll }).from(companies).where(where);
      return { rows, total: count?.total ?? 0 };
    },

    /** Every company the viewer sees, parents first, for drawing the tree. */
    tree(viewer: Viewer, tx: Executor = db) {
      return tx
        .select({
          id: companies.id,
          name: companies.name,
          level: companies.level,
          parentId: companies.parentId,
        })
        .from(companies)
        .where(visibleCompaniesFilter(viewer))
        .orderBy(treeOrder);
    },

    /**
     * The company if the viewer sees it, else null (never tell "elsewhere" from "missing"). A null
     * viewer reads it unscoped: only for re-reading after a write the caller was allowed to make.
     */
    async find(viewer: Viewer | null, id: number, tx: Executor = db) {
      const [row] = await selectCompanies(tx).where(
        and(eq(companies.id, id), viewer ? visibleCompaniesFilter(viewer) : undefined),
      );
      return row ?? null;
    },

    /** Whether the viewer sees the company (a cheap check for modules that file rows under one). */
    async isVisible(viewer: Viewer, id: number, tx: Executor = db) {
      const [row] = await tx
        .select({ id: companies.id })
        .from(companies)
        .where(and(eq(companies.id, id), visibleCompaniesFilter(viewer)));
      return row !== undefined;
    },

    /** Like find, but locks the row until the transaction ends (moves, subsidiaries). */
    async lock(viewer: Viewer, id: number, tx: Executor) {
      const [row] = await tx
        .select()
        .from(companies)
        .where(and(eq(companies.id, id), visibleCompaniesFilter(viewer)))
        .for('update');
      return row ?? null;
    },

    /** Whether a sibling under `parentId` already has this name, whatever its case. */
    async nameTaken(parentId: number, name: string, exceptId: number | null, tx: Executor = db) {
      const [row] = await tx
        .select({ id: companies.id })
        .from(companies)
        .where(
          and(
            eq(companies.parentId, parentId),
            sql`lower(${companies.name}) = ${name.toLowerCase()}`,
            exceptId === null ? undefined : ne(companies.id, exceptId),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** Inserts a subsidiary and sets its materialised path, which needs the new id. */
    async insert(values: NewCompany, tx: Executor) {
      const [row] = await tx
        .insert(companies)
        .values({ name: values.name, parentId: values.parentId, level: values.level, path: '' })
        .returning({ id: companies.id });
      if (!row) throw new Error('company insert returned nothing');
      await tx
        .update(companies)
        .set({ path: `${values.parentPath}${row.id}/` })
        .where(eq(companies.id, row.id));
      return row.id;
    },

    async update(id: number, changes: CompanyChanges, tx: Executor = db) {
      await tx.update(companies).set(changes).where(eq(companies.id, id));
    },

    /** The deepest level inside the subtree at `path` (the company itself included). */
    async deepestLevel(path: string, tx: Executor = db) {
      const [row] = await tx
        .select({ level: sql<number>`cast(max(${companies.level}) as integer)` })
        .from(companies)
        .where(subtreeOf(path));
      return row?.level ?? 0;
    },

    /**
     * Re-roots the subtree at `source` under `target`: one UPDATE rewrites the path prefix and
     * shifts the level of every company in it, so the tree is never seen half-moved.
     */
    async moveSubtree(
      source: { id: number; path: string; level: number },
      target: { id: number; path: string; level: number },
      tx: Executor,
    ) {
      const newPath = `${target.path}${source.id}/`;
      const shift = target.level + 1 - source.level;
      await tx
        .update(companies)
        .set({
          path: sql`${newPath} || substr(${companies.path}, ${source.path.length + 1})`,
          level: sql`${companies.level} + ${shift}`,
          parentId: sql`case when ${companies.id} = ${source.id} then ${target.id} else ${companies.parentId} end`,
        })
        .where(subtreeOf(source.path));
    },

    /** The subtree at `path`, deepest companies first: the order they can be deleted in. */
    subtreeDeepestFirst(path: string, tx: Executor = db) {
      return tx
        .select({ id: companies.id, name: companies.name })
        .from(companies)
        .where(subtreeOf(path))
        .orderBy(desc(companies.level), desc(companies.id));
    },

    /**
     * Users whose custom role would disappear before they do: the role belongs to a company of
     * the subtree at `path` that is not their own company or one of its ancestors.
     */
    async countStrandedRoleHolders(path: string, tx: Executor = db) {
      const [row] = await tx
        .select({ total: countAll })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .innerJoin(roleCompany, eq(roleCompany.id, roles.companyId))
        .innerJoin(userCompany, eq(userCompany.id, users.companyId))
        .where(
          and(
            sql`${roleCompany.path} like ${`${path}%`}`,
            sql`${userCompany.path} not like ${roleCompany.path} || '%'`,
          ),
        );
      return row?.total ?? 0;
    },

    /**
     * Deletes one company with its users; its roles, tags, invitations and settings go with it
     * through their foreign keys. False when it was already gone.
     */
    async deleteWithUsers(id: number, tx: Executor): Promise<boolean> {
      await tx.delete(users).where(eq(users.companyId, id));
      const rows = await tx
        .delete(companies)
        .where(eq(companies.id, id))
        .returning({ id: companies.id });
      return rows.length === 1;
    },
  };
};

export type CompaniesRepository = ReturnType<typeof createCompaniesRepository>;
