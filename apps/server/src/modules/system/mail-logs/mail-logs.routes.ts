import {
  listEnvelope,
  mailLogListQuerySchema,
  mailLogSchema,
  OUTBOX_MAX_MESSAGES,
  OUTBOX_RETENTION_DAYS,
  outboxListQuerySchema,
  outboxMailSchema,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '@/plugins/auth';
import type { MailLogsService } from './mail-logs.service';

const tags = ['mail-logs'];

export const mailLogsRoutes: FastifyPluginAsyncZod<{ mailLogsService: MailLogsService }> = async (
  app,
  { mailLogsService },
) => {
  app.get(
    '/api/mail-logs',
    {
      config: { permission: 'view_mail_logs' },
      schema: {
        tags,
        summary: 'Outgoing mail: recipient, subject, plain-text body and delivery status',
        querystring: mailLogListQuerySchema,
        response: { 200: listEnvelope(mailLogSchema) },
      },
    },
    async (request) => {
      const { data, total } = await mailLogsService.list(requireAuth(request), request.query);
      return { success: true as const, data, meta: { total } };
    },
  );

  app.get(
    '/api/mail-logs/outbox',
    {
      // The bodies hold live links and codes (invitations, verification, sign-in codes): whoever
      // reads them can act as the recipient, so not even an administrator with view_mail_logs may.
      config: { permission: 'super_admin' },
      schema: {
        tags,
        summary: `Mail not sent because no SMTP server is configured, in full with its links (last ${OUTBOX_RETENTION_DAYS} days, at most ${OUTBOX_MAX_MESSAGES})`,
        querystring: outboxListQuerySchema,
        response: { 200: listEnvelope(outboxMailSchema) },
      },
    },
    async (request) => {
      const { data, total } = await mailLogsService.outbox(request.query);
      return { success: true as const, data, meta: { total } };
    },
  );
};
