import type { MailLog, MailLogListQuery, OutboxListQuery, OutboxMail } from '@netfleet/contracts';
import { isSuperAdmin } from '@/modules/identity/auth/auth.service';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { MailLogsRepository } from './mail-logs.repository';

interface Deps {
  mailLogsRepository: MailLogsRepository;
}

export const createMailLogsService = ({ mailLogsRepository }: Deps) => ({
  /**
   * view_mail_logs is a system permission, so normally only a super admin gets here and sees all
   * mail; anyone else holding it (a custom role) sees only mail to users of the companies they see.
   */
  async list(
    auth: AuthContext,
    query: MailLogListQuery,
  ): Promise<{ data: MailLog[]; total: number }> {
    const scope = isSuperAdmin(auth.permissions) ? null : auth;
    const { rows, total } = await mailLogsRepository.list(scope, query);
    const data = rows.map((row) => ({
      id: row.id,
      to: row.to,
      subject: row.subject,
      body: row.body,
      status: row.status,
      error: row.error,
      created_at: row.createdAt.toISOString(),
    }));
    return { data, total };
  },

  /** The unsent mail in full; the route lets only super admins here. */
  async outbox(query: OutboxListQuery): Promise<{ data: OutboxMail[]; total: number }> {
    const { rows, total } = await mailLogsRepository.listOutbox(query);
    const data = rows.map(({ createdAt, ...row }) => ({
      ...row,
      created_at: createdAt.toISOString(),
    }));
    return { data, total };
  },
});

export type MailLogsService = ReturnType<typeof createMailLogsService>;
