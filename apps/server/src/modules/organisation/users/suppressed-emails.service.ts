import type { ListQuery, SuppressedEmail } from '@netfleet/contracts';
import { notFound } from '@/lib/api-error';
import { actorOf, type ActionLogService } from '@/modules/system/action-log/action-log.service';
import { isSuperAdmin } from '@/modules/identity/auth/auth.service';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { SuppressedEmailsRepository } from './suppressed-emails.repository';

interface Deps {
  suppressedEmailsRepository: SuppressedEmailsRepository;
  actionLog: ActionLogService;
}

/**
 * The suppression list is system-wide: a super admin sees and clears all of it, anyone else only
 * the addresses of users of the companies they see.
 */
export const createSuppressedEmailsService = ({ suppressedEmailsRepository, actionLog }: Deps) => {
  const scope = (auth: AuthContext) => (isSuperAdmin(auth.permissions) ? null : auth);
  return {
    async list(
      auth: AuthContext,
      query: ListQuery,
    ): Promise<{ data: SuppressedEmail[]; total: number }> {
      const { rows, total } = await suppressedEmailsRepository.list(scope(auth), query);
      return {
        total,
        data: rows.map((row) => ({
          id: row.id,
          email: row.email,
          reason: row.reason,
          created_at: row.createdAt.toISOString(),
        })),
      };
    },

    /** Mail goes to the address again from now on. */
    async remove(auth: AuthContext, email: string, ip: string) {
      const row = await suppressedEmailsRepository.remove(scope(auth), email);
      if (!row) throw notFound('This e-mail address is not on the suppression list');
      await actionLog.record(actorOf(auth, ip), 'suppression_remove', {
        entity: 'suppressed_email',
        entityId: row.id,
        details: { email: row.email },
      });
    },
  };
};

export type SuppressedEmailsService = ReturnType<typeof createSuppressedEmailsService>;
