import {
  ERROR_CODES,
  type ErrorItem,
  type ListQuery,
  type MoveUsersBody,
  type UserMoveLog,
} from '@netfleet/contracts';
import type { CompanyRow } from '@/db/types';
import { ApiError } from '@/lib/api-error';
import { actorOf, type ActionLogService } from '@/modules/system/action-log/action-log.service';
import { isSuperAdmin } from '@/modules/identity/auth/auth.service';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { RunInTransaction } from '@/modules/identity/auth/session.service';
import type { RoleAssignment } from '@/modules/organisation/roles/roles.service';
import type { UserMovesRepository } from './user-moves.repository';
import type { UserListRow, UsersRepository } from './users.repository';

interface Deps {
  usersRepository: UsersRepository;
  userMovesRepository: UserMovesRepository;
  roles: RoleAssignment;
  actionLog: ActionLogService;
  transaction: RunInTransaction;
}

export interface MoveOutcome {
  moved: number[];
  /** One per user that stayed, `source` = its id. */
  errors: ErrorItem[];
}

const refusal = (code: string, message: string, userId: number): ErrorItem => ({
  code,
  message,
  source: String(userId),
});

/** Users change company one by one; each move is logged with both company names copied. */
export const createUserMovesService = (deps: Deps) => {
  const { usersRepository, userMovesRepository, roles, actionLog, transaction } = deps;

  /** Why this user cannot move to `company`, or null when they can. */
  const whyNot = async (
    auth: AuthContext,
    user: UserListRow,
    company: CompanyRow,
  ): Promise<ErrorItem | null> => {
    const userId = user.id;
    if (user.id === auth.user.id || user.id === auth.realUser.id) {
      return refusal(ERROR_CODES.VALIDATION_ERROR, 'You cannot move yourself', userId);
    }
    if (user.superAdmin && !isSuperAdmin(auth.permissions)) {
      return refusal(
        ERROR_CODES.FORBIDDEN,
        'Only a system administrator can change a system administrator',
        userId,
      );
    }
    if (user.companyId === company.id) {
      return refusal(ERROR_CODES.VALIDATION_ERROR, 'The user is already in this company', userId);
    }
    // The user keeps their role, so it must be one the caller could give them over there.
    if (!(await roles.canAssignRole(auth, user.roleId, company.id))) {
      return refusal(
        ERROR_CODES.VALIDATION_ERROR,
        `The role ${user.roleTitle} cannot be used in ${company.name}`,
        userId,
      );
    }
    return null;
  };

  return {
    async move(auth: AuthContext, body: MoveUsersBody, ip: string): Promise<MoveOutcome> {
      const company = await usersRepository.findVisibleCompany(auth, body.company_id);
      if (!company) {
        throw new ApiError(404, ERROR_CODES.NOT_FOUND, 'Company not found', 'company_id');
      }
      const outcome: MoveOutcome = { moved: [], errors: [] };
      for (const userId of new Set(body.user_id)) {
        const user = await usersRepository.findVisible(auth, userId);
        if (!user) {
          outcome.errors.push(refusal(ERROR_CODES.NOT_FOUND, 'User not found', userId));
          continue;
        }
        const refused = await whyNot(auth, user, company);
        if (refused) {
          outcome.errors.push(refused);
          continue;
        }
        await transaction(async (tx) => {
          await usersRepository.setCompany(user.id, company.id, tx);
          await userMovesRepository.insertLog(
            {
              userId: user.id,
              userEmail: user.email,
              fromCompanyId: user.companyId,
              fromCompanyName: user.companyName,
              toCompanyId: company.id,
              toCompanyName: company.name,
              movedBy: auth.user.id,
            },
            tx,
          );
          await actionLog.record(
            actorOf(auth, ip),
            'user_move',
            {
              entity: 'user',
              entityId: user.id,
              details: { from: user.companyId, to: company.id },
            },
            tx,
          );
        });
        outcome.moved.push(user.id);
      }
      return outcome;
    },

    async listLogs(
      auth: AuthContext,
      query: ListQuery,
    ): Promise<{ data: UserMoveLog[]; total: number }> {
      const { rows, total } = await userMovesRepository.listLogs(auth, query);
      return {
        total,
        data: rows.map((row) => ({
          id: row.id,
          user_id: row.userId,
          user_email: row.userEmail,
          from_company_id: row.fromCompanyId,
          from_company_name: row.fromCompanyName,
          to_company_id: row.toCompanyId,
          to_company_name: row.toCompanyName,
          moved_by_email: row.movedByEmail,
          created_at: row.createdAt.toISOString(),
        })),
      };
    },
  };
};

export type UserMovesService = ReturnType<typeof createUserMovesService>;
