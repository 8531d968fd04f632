import type { RoleListQuery } from '@netfleet/contracts';
import {
  and,
  asc,
  eq,
  inArray,
  isNotNull,
  isNull,
  ne,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { countAll, orderByFrom, searchFilter } from '@/db/list';
import { companies, rolePermissions, roles, users } from '@/db/schema';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';

/** Whose roles a caller sees: default roles (but `hidden` ones) and custom roles of visible companies. */
export interface RoleScope {
  viewer: Viewer;
  hidden: readonly number[];
}

/**
 * Roles a caller may give a user of `companyId`: the default roles listed in `defaultIds`, and
 * custom roles of that company granting nothing outside `customCeiling` (null: no custom roles).
 */
export interface AssignableRule {
  companyId: number;
  defaultIds: readonly number[];
  customCeiling: readonly string[] | null;
}

const roleColumns = {
  id: roles.id,
  name: roles.name,
  title: roles.title,
  description: roles.description,
  companyId: roles.companyId,
  companyName: companies.name,
  createdAt: roles.createdAt,
  updatedAt: roles.updatedAt,
  permissionsCount: sql<number>`(select cast(count(*) as integer) from ${rolePermissions} where ${rolePermissions.roleId} = ${roles.id})`,
};

const SORTABLE = {
  id: roles.id,
  name: roles.name,
  title: roles.title,
  company_name: companies.name,
};
const SEARCHABLE = { title: roles.title, name: roles.name, description: roles.description };

const visibleRolesFilter = (scope: RoleScope): SQL | undefined =>
  or(
    and(
      isNull(roles.companyId),
      scope.hidden.length ? notInArray(roles.id, [...scope.hidden]) : undefined,
    ),
    and(isNotNull(roles.companyId), visibleCompaniesFilter(scope.viewer)),
  );

/** A permission of the role outside the ceiling makes it too powerful to hand out. */
const grantsOnlyFrom = (ceiling: readonly string[]): SQL => {
  const beyond = ceiling.length
    ? and(
        eq(rolePermissions.roleId, roles.id),
        notInArray(rolePermissions.permission, [...ceiling]),
      )
    : eq(rolePermissions.roleId, roles.id);
  return sql`not exists (select 1 from ${rolePermissions} where ${beyond})`;
};

const assignableFilter = (rule: AssignableRule): SQL | undefined =>
  or(
    rule.defaultIds.length
      ? and(isNull(roles.companyId), inArray(roles.id, [...rule.defaultIds]))
      : undefined,
    rule.customCeiling
      ? and(eq(roles.companyId, rule.companyId), grantsOnlyFrom(rule.customCeiling))
      : undefined,
  ) ?? sql`false`;

export interface RoleValues {
  name: string;
  title: string;
  description: string;
}

export const createRolesRepository = (db: Database) => {
  const selectRoles = (tx: Executor) =>
    tx.select(roleColumns).from(roles).leftJoin(companies, eq(companies.id, roles.companyId));

  return {
    /** One page of the roles in scope; with `assignable`, only those its rule allows. */
    async list(
      scope: RoleScope,
      query: Omit<RoleListQuery, 'inviteable'>,
      assignable: AssignableRule | null,
      tx: Executor = db,
    ) {
      const filters: (SQL | undefined)[] = [visibleRolesFilter(scope)];
      if (query.q) filters.push(searchFilter(query.q, query['search-fields'], SEARCHABLE));
      if (query.type === 'default') filters.push(isNull(roles.companyId));
      if (query.type === 'custom') filters.push(isNotNull(roles.companyId));
      if (query.company_id) {
        filters.push(or(isNull(roles.companyId), eq(roles.companyId, query.company_id)));
      }
      if (query.id?.length) filters.push(inArray(roles.id, query.id));
      if (assignable) filters.push(assignableFilter(assignable));
      const where = and(...filters);
      // Default roles first in their fixed order, then custom roles by title.
      const fallback = [
        asc(sql`${roles.companyId} is not null`),
        asc(sql`case when ${roles.companyId} is null then ${roles.id} end`),
        asc(roles.title),
      ];
      const orderBy = [...orderByFrom(query.sort, SORTABLE, fallback), asc(roles.id)];
      const rows = await selectRoles(tx)
        .where(where)
        .orderBy(...orderBy)
        .limit(query.limit)
        .offset(query.offset);
      const [count] = await tx
        .select({ total: countAll })
        .from(roles)
        .leftJoin(companies, eq(companies.id, roles.companyId))
        .where(where);
      return { rows, total: count?.total ?? 0 };
    },

    /** The role if it is in scope, else null. */
    async find(scope: RoleScope, id: number, tx: Executor = db) {
      const [row] = await selectRoles(tx).where(and(eq(roles.id, id), visibleRolesFilter(scope)));
      return row ?? null;
    },

    async permissionsOf(roleId: number, tx: Executor = db): Promise<string[]> {
      const rows = await tx
        .select({ permission: rolePermissions.permission })
        .from(rolePermissions)
        .where(eq(rolePermissions.roleId, roleId));
      return rows.map((row) => row.permission);
    },

    /** Whether another role of the company already has this name (titles are compared by slug). */
    async nameTaken(companyId: number, name: string, exceptId: number | null, tx: Executor = db) {
      const [row] = await tx
        .select({ id: roles.id })
        .from(roles)
        .where(
          and(
            eq(roles.companyId, companyId),
            eq(roles.name, name),
            exceptId === null ? undefined : ne(roles.id, exceptId),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /**
     * Locks the role row: assigning it to a user (a foreign key check) then waits for this
     * transaction, so a count of its users stays true until the role is deleted.
     */
    async lock(id: number, tx: Executor) {
      await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, id)).for('update');
    },

    async countUsers(roleId: number, tx: Executor = db) {
      const [row] = await tx
        .select({ total: countAll })
        .from(users)
        .where(eq(users.roleId, roleId));
      return row?.total ?? 0;
    },

    async insert(values: RoleValues & { companyId: number }, tx: Executor) {
      const [row] = await tx.insert(roles).values(values).returning({ id: roles.id });
      if (!row) throw new Error('role insert returned nothing');
      return row.id;
    },

    async update(id: number, values: Partial<RoleValues>, tx: Executor = db) {
      await tx.update(roles).set(values).where(eq(roles.id, id));
    },

    /** Replaces the whole permission set of a role. */
    async setPermissions(roleId: number, permissions: readonly string[], tx: Executor) {
      await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
      if (permissions.length) {
        await tx
          .insert(rolePermissions)
          .values(permissions.map((permission) => ({ roleId, permission })));
      }
    },

    async remove(id: number, tx: Executor = db) {
      await tx.delete(roles).where(eq(roles.id, id));
    },
  };
};

export type RolesRepository = ReturnType<typeof createRolesRepository>;
