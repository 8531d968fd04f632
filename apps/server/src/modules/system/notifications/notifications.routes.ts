import {
  emptySuccessSchema,
  listEnvelope,
  listQuerySchema,
  markNotificationsSeenBodySchema,
  notificationSchema,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '@/plugins/auth';
import type { NotificationsService } from './notifications.service';

const tags = ['notifications'];
const pageQuery = listQuerySchema.pick({ limit: true, offset: true });
const notificationListSchema = listEnvelope(notificationSchema).extend({
  meta: z.object({ total: z.number().int(), unseen: z.number().int() }),
});

export const notificationsRoutes: FastifyPluginAsyncZod<{
  notificationsService: NotificationsService;
}> = async (app, { notificationsService }) => {
  app.get(
    '/api/notifications',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Your notifications, newest first, with the unseen count',
        querystring: pageQuery,
        response: { 200: notificationListSchema },
      },
    },
    async (request) => {
      const { data, total, unseen } = await notificationsService.list(
        requireAuth(request).user.id,
        request.query,
      );
      return { success: true as const, data, meta: { total, unseen } };
    },
  );

  app.put(
    '/api/notifications',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Mark your notifications as seen',
        body: markNotificationsSeenBodySchema,
        response: { 200: emptySuccessSchema },
      },
    },
    async (request) => {
      await notificationsService.markSeen(requireAuth(request).user.id, request.body.id);
      return { success: true as const };
    },
  );
};
