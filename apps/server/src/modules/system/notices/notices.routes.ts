import {
  emptySuccessSchema,
  idSchema,
  listEnvelope,
  listQuerySchema,
  noticeBodySchema,
  noticeSchema,
  successEnvelope,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '@/plugins/auth';
import type { NoticesService } from './notices.service';

const tags = ['notices'];
const idParams = z.object({ id: idSchema });
const pageQuery = listQuerySchema.pick({ limit: true, offset: true });

export const noticesRoutes: FastifyPluginAsyncZod<{ noticesService: NoticesService }> = async (
  app,
  { noticesService },
) => {
  const admin = { permission: 'admin_view_notice' } as const;

  app.get(
    '/api/notices',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Enabled global notices, newest first by enabled_at',
        response: { 200: listEnvelope(noticeSchema) },
      },
    },
    async () => {
      const data = await noticesService.listEnabled();
      return { success: true as const, data, meta: { total: data.length } };
    },
  );

  app.get(
    '/api/admin/notices',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Every global notice, drafts included, newest first',
        querystring: pageQuery,
        response: { 200: listEnvelope(noticeSchema) },
      },
    },
    async (request) => {
      const { data, total } = await noticesService.list(request.query);
      return { success: true as const, data, meta: { total } };
    },
  );

  app.post(
    '/api/admin/notices',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Write a global notice (HTML reduced to the rich-text allow-list)',
        body: noticeBodySchema,
        response: { 201: successEnvelope(noticeSchema) },
      },
    },
    async (request, reply) => {
      const notice = await noticesService.create(requireAuth(request), request.body);
      return reply.status(201).send({ success: true as const, data: notice });
    },
  );

  app.put(
    '/api/admin/notices/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Change, enable or disable a global notice',
        params: idParams,
        body: noticeBodySchema,
        response: { 200: successEnvelope(noticeSchema) },
      },
    },
    async (request) => {
      const notice = await noticesService.update(request.params.id, request.body);
      return { success: true as const, data: notice };
    },
  );

  app.delete(
    '/api/admin/notices/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Remove a global notice',
        params: idParams,
        response: { 200: emptySuccessSchema },
      },
    },
    async (request) => {
      await noticesService.remove(request.params.id);
      return { success: true as const };
    },
  );
};
