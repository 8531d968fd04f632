import { listEnvelope, mailLogListQuerySchema, mailLogSchema } from '@netfleet/contracts';
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
};
