import {
  ERROR_CODES,
  mfaTypeSchema,
  type User,
  type UserDetail,
  type UserListQuery,
} from '@netfleet/contracts';
import { ApiError, forbidden, invalid, notFound } from '@/lib/api-error';
import { actorOf, type ActionLogService } from '@/modules/system/action-log/action-log.service';
import { isSuperAdmin } from '@/modules/identity/auth/auth.service';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { RunInTransaction } from '@/modules/identity/auth/session.service';
import type { RoleAssignment } from '@/modules/organisation/roles/roles.service';
import type { UserListRow, UsersRepository } from './users.repository';
import { toApiDate } from '@/lib/dates';

interface Deps {
  usersRepository: UsersRepository;
  roles: RoleAssignment;
  actionLog: ActionLogService;
  transaction: RunInTransaction;
}

export const toUser = (row: UserListRow): User => ({
  id: row.id,
  email: row.email,
  username: row.username,
  company_id: row.companyId,
  company_name: row.companyName,
  role: row.roleId,
  role_id: row.roleId,
  role_name: row.roleName,
  role_title: row.roleTitle,
  // A method name this build does not know reads as none rather than failing the whole list.
  mfa_type: mfaTypeSchema.safeParse(row.mfaType).data ?? null,
  email_verified: row.emailVerifiedAt !== null,
  sso_admin: row.ssoAdmin,
  created_at: toApiDate(row.createdAt),
  updated_at: toApiDate(row.updatedAt),
});

/** GET /users/{id}: RMS names the role there (`role` is the role's name, not its id). */
export const toUserDetail = (row: UserListRow): UserDetail => ({
  ...toUser(row),
  role: row.roleName,
  company_level: row.companyLevel,
  company_parent_id: row.companyParentId,
});

/** One text for unknown and out-of-reach users, so nothing leaks about other trees. */
export const userNotFound = () => notFound('User not found');

/**
 * A system administrator can be changed only by another one, even when an administrator of the
 * root company sees them.
 */
export const guardSuperAdmin = (auth: AuthContext, target: UserListRow) => {
  if (target.superAdmin && !isSuperAdmin(auth.permissions)) {
    throw forbidden('Only a system administrator can change a system administrator');
  }
};

export const createUsersService = ({ usersRepository, roles, actionLog, transaction }: Deps) => {
  const findVisible = async (auth: AuthContext, id: number) => {
    const row = await usersRepository.findVisible(auth, id);
    if (!row) throw userNotFound();
    return row;
  };

  const findVisibleByEmail = async (auth: AuthContext, email: string) => {
    const row = await usersRepository.findVisibleByEmail(auth, email);
    if (!row) throw userNotFound();
    return row;
  };

  const remove = async (auth: AuthContext, target: UserListRow, ip: string, source: string) => {
    if (target.id === auth.user.id || target.id === auth.realUser.id) {
      throw invalid('You cannot delete yourself', source);
    }
    guardSuperAdmin(auth, target);
    await transaction(async (tx) => {
      if (!(await usersRepository.remove(target.id, tx))) throw userNotFound();
      await actionLog.record(
        actorOf(auth, ip),
        'user_delete',
        { entity: 'user', entityId: target.id, details: { email: target.email } },
        tx,
      );
    });
  };

  return {
    async list(auth: AuthContext, query: UserListQuery): Promise<{ data: User[]; total: number }> {
      const { rows, total } = await usersRepository.list(auth, query);
      return { data: rows.map(toUser), total };
    },

    async get(auth: AuthContext, id: number): Promise<UserDetail> {
      return toUserDetail(await findVisible(auth, id));
    },

    /** DELETE /users/{id} */
    async remove(auth: AuthContext, id: number, ip: string) {
      await remove(auth, await findVisible(auth, id), ip, 'id');
    },

    /** The "delete user" form (DELETE /admin/users), which names the user by e-mail. */
    async removeByEmail(auth: AuthContext, email: string, ip: string) {
      await remove(auth, await findVisibleByEmail(auth, email), ip, 'email');
    },

    async changeRole(
      auth: AuthContext,
      id: number,
      roleId: number,
      ip: string,
    ): Promise<UserDetail> {
      const target = await findVisible(auth, id);
      // Nobody locks themselves out (or promotes themselves) by editing their own role.
      if (target.id === auth.user.id) throw invalid('You cannot change your own role', 'role_id');
      guardSuperAdmin(auth, target);
      if (!(await roles.canAssignRole(auth, roleId, target.companyId))) {
        throw new ApiError(403, ERROR_CODES.FORBIDDEN, 'You cannot assign this role', 'role_id');
      }
      await transaction(async (tx) => {
        await usersRepository.setRole(target.id, roleId, tx);
        await actionLog.record(
          actorOf(auth, ip),
          'user_role_change',
          { entity: 'user', entityId: target.id, details: { from: target.roleId, to: roleId } },
          tx,
        );
      });
      return toUserDetail(await findVisible(auth, id));
    },

    /** The "remove MFA" form: the user signs in with the password alone until they set it up again. */
    async removeMfa(auth: AuthContext, email: string, ip: string) {
      const target = await findVisibleByEmail(auth, email);
      guardSuperAdmin(auth, target);
      await transaction(async (tx) => {
        await usersRepository.removeMfa(target.id, tx);
        await actionLog.record(
          actorOf(auth, ip),
          'user_mfa_remove',
          { entity: 'user', entityId: target.id, details: { email: target.email } },
          tx,
        );
      });
    },

    /** The "assign SSO administrator" form: one SSO administrator per company. */
    async assignSsoAdmin(auth: AuthContext, email: string, ip: string): Promise<User> {
      const target = await findVisibleByEmail(auth, email);
      await transaction(async (tx) => {
        await usersRepository.makeSsoAdmin(target.id, target.companyId, tx);
        await actionLog.record(
          actorOf(auth, ip),
          'user_sso_admin',
          { entity: 'user', entityId: target.id, details: { company_id: target.companyId } },
          tx,
        );
      });
      return toUser(await findVisible(auth, target.id));
    },
  };
};

export type UsersService = ReturnType<typeof createUsersService>;
