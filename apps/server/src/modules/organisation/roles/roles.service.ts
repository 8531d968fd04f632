import {
  COMPANY_MESSAGES,
  ERROR_CODES,
  LIST_MAX_LIMIT,
  ROLE_MESSAGES,
  roleAssignedMessage,
  SUPER_ADMIN_PERMISSION,
  type CreateRoleBody,
  type Role,
  type RoleListQuery,
  type RolePermission,
  type UpdateRoleBody,
} from '@netfleet/contracts';
import { ApiError, conflict, forbidden, notFound } from '@/lib/api-error';
import { actorOf, type ActionLogService } from '@/modules/system/action-log/action-log.service';
import { isSuperAdmin } from '@/modules/identity/auth/auth.service';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { RunInTransaction } from '@/modules/identity/auth/session.service';
import type { CompaniesRepository } from '@/modules/organisation/companies/companies.repository';
import {
  assignableRuleOf,
  beyondCaller,
  permissionTable,
  roleNameFor,
  roleScopeOf,
} from './role-rules';
import type { RolesRepository, RoleValues } from './roles.repository';
import { toApiDate } from '@/lib/dates';

type RoleRow = NonNullable<Awaited<ReturnType<RolesRepository['find']>>>;

const toRole = (row: RoleRow): Role => ({
  id: row.id,
  name: row.name,
  title: row.title,
  description: row.description,
  company_id: row.companyId,
  company_name: row.companyName,
  permissions_count: row.permissionsCount,
  is_default: row.companyId === null,
  created_at: toApiDate(row.createdAt),
  updated_at: toApiDate(row.updatedAt),
});

/** No escalation: a role may grant only what the caller has, and super_admin only a super admin. */
const requireGrantable = (auth: AuthContext, permissions: readonly string[]) => {
  const superAdminOnly =
    permissions.includes(SUPER_ADMIN_PERMISSION) && !isSuperAdmin(auth.permissions);
  if (superAdminOnly || beyondCaller(auth, permissions).length) {
    throw forbidden(ROLE_MESSAGES.escalation);
  }
};

const unique = (permissions: readonly string[]) => [...new Set(permissions)];

interface Deps {
  rolesRepository: RolesRepository;
  companies: Pick<CompaniesRepository, 'isVisible'>;
  actionLog: Pick<ActionLogService, 'record'>;
  transaction: RunInTransaction;
}

/** Default roles (read-only) and the custom roles of the companies the caller sees. */
export const createRolesService = ({
  rolesRepository,
  companies,
  actionLog,
  transaction,
}: Deps) => {
  const requireRole = async (auth: AuthContext, id: number) => {
    const row = await rolesRepository.find(roleScopeOf(auth), id);
    if (!row) throw notFound(ROLE_MESSAGES.notFound);
    return row;
  };

  /** A custom role the caller sees; default roles are refused whatever the change. */
  const requireCustomRole = async (auth: AuthContext, id: number) => {
    const row = await requireRole(auth, id);
    if (row.companyId === null) throw forbidden(ROLE_MESSAGES.defaultImmutable);
    return { ...row, companyId: row.companyId };
  };

  const requireNameFree = async (companyId: number, name: string, exceptId: number | null) => {
    if (await rolesRepository.nameTaken(companyId, name, exceptId)) {
      throw conflict(ROLE_MESSAGES.duplicateTitle, 'title');
    }
  };

  /** The roles the caller may give a user of `companyId`; none in a company they cannot see. */
  const listAssignable = async (
    auth: AuthContext,
    companyId: number,
    query: Omit<RoleListQuery, 'inviteable'>,
  ) => {
    if (!(await companies.isVisible(auth, companyId))) return { rows: [], total: 0 };
    return rolesRepository.list(roleScopeOf(auth), query, assignableRuleOf(auth, companyId));
  };

  return {
    async list(auth: AuthContext, query: RoleListQuery) {
      const { inviteable, ...rest } = query;
      const { rows, total } = inviteable
        ? await listAssignable(auth, rest.company_id ?? auth.company.id, rest)
        : await rolesRepository.list(roleScopeOf(auth), rest, null);
      return { data: rows.map(toRole), total };
    },

    /** Every role the caller may give a user of `companyId` (invite and role-change forms). */
    async assignableRoles(auth: AuthContext, companyId: number): Promise<Role[]> {
      const { rows } = await listAssignable(auth, companyId, {
        limit: LIST_MAX_LIMIT,
        offset: 0,
      });
      return rows.map(toRole);
    },

    /** Whether the caller may give role `roleId` to a user of company `companyId`. */
    async canAssignRole(auth: AuthContext, roleId: number, companyId: number): Promise<boolean> {
      const { total } = await listAssignable(auth, companyId, {
        id: [roleId],
        limit: 1,
        offset: 0,
      });
      return total > 0;
    },

    async get(auth: AuthContext, id: number): Promise<Role> {
      return toRole(await requireRole(auth, id));
    },

    async create(auth: AuthContext, body: CreateRoleBody, ip: string): Promise<Role> {
      if (!(await companies.isVisible(auth, body.company_id))) {
        throw new ApiError(404, ERROR_CODES.NOT_FOUND, COMPANY_MESSAGES.notFound, 'company_id');
      }
      const permissions = unique(body.permission_id);
      requireGrantable(auth, permissions);
      const name = roleNameFor(body.title);
      await requireNameFree(body.company_id, name, null);
      const id = await transaction(async (tx) => {
        const roleId = await rolesRepository.insert(
          {
            name,
            title: body.title,
            description: body.description ?? '',
            companyId: body.company_id,
          },
          tx,
        );
        await rolesRepository.setPermissions(roleId, permissions, tx);
        await actionLog.record(
          actorOf(auth, ip),
          'role_create',
          {
            entity: 'role',
            entityId: roleId,
            details: { title: body.title, company_id: body.company_id, permissions },
          },
          tx,
        );
        return roleId;
      });
      return toRole(await requireRole(auth, id));
    },

    async update(auth: AuthContext, id: number, body: UpdateRoleBody, ip: string): Promise<Role> {
      const role = await requireCustomRole(auth, id);
      const values: Partial<RoleValues> = {};
      if (body.title !== undefined) {
        values.name = roleNameFor(body.title);
        values.title = body.title;
        await requireNameFree(role.companyId, values.name, id);
      }
      if (body.description !== undefined) values.description = body.description ?? '';
      const permissions = body.permission_id && unique(body.permission_id);
      if (permissions) requireGrantable(auth, permissions);
      await transaction(async (tx) => {
        if (Object.keys(values).length) await rolesRepository.update(id, values, tx);
        if (permissions) await rolesRepository.setPermissions(id, permissions, tx);
        if (Object.keys(values).length || permissions) {
          await actionLog.record(
            actorOf(auth, ip),
            'role_update',
            { entity: 'role', entityId: id, details: { ...values, permissions } },
            tx,
          );
        }
      });
      return toRole(await requireRole(auth, id));
    },

    /**
     * PUT /roles/permissions: each role's permission set becomes exactly `permissions`. Every role
     * is checked before any changes, so an array either applies to all roles or to none.
     */
    async setPermissions(
      auth: AuthContext,
      ids: readonly number[],
      permissions: readonly string[],
      ip: string,
    ): Promise<Role[]> {
      const roleIds = [...new Set(ids)];
      for (const id of roleIds) await requireCustomRole(auth, id);
      const set = unique(permissions);
      requireGrantable(auth, set);
      await transaction(async (tx) => {
        for (const id of roleIds) {
          await rolesRepository.setPermissions(id, set, tx);
          await actionLog.record(
            actorOf(auth, ip),
            'role_update',
            { entity: 'role', entityId: id, details: { permissions: set } },
            tx,
          );
        }
      });
      const changed: Role[] = [];
      for (const id of roleIds) changed.push(toRole(await requireRole(auth, id)));
      return changed;
    },

    /** Refused while any user still has the role (their access would silently change). */
    async remove(auth: AuthContext, id: number, ip: string) {
      const role = await requireCustomRole(auth, id);
      await transaction(async (tx) => {
        await rolesRepository.lock(id, tx);
        const holders = await rolesRepository.countUsers(id, tx);
        if (holders > 0) throw conflict(roleAssignedMessage(holders));
        await rolesRepository.remove(id, tx);
        await actionLog.record(
          actorOf(auth, ip),
          'role_delete',
          {
            entity: 'role',
            entityId: id,
            details: { title: role.title, company_id: role.companyId },
          },
          tx,
        );
      });
    },

    async permissions(
      auth: AuthContext,
      id: number,
      q: string | undefined,
    ): Promise<RolePermission[]> {
      await requireRole(auth, id);
      return permissionTable(await rolesRepository.permissionsOf(id), q);
    },
  };
};

export type RolesService = ReturnType<typeof createRolesService>;

/** What other modules need to know: may this caller give that role in that company? */
export type RoleAssignment = Pick<RolesService, 'canAssignRole'>;
