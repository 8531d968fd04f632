import { eq } from 'drizzle-orm';
import {
  globalNotices,
  impersonationAccessRequests,
  impersonationLogs,
  webhooks,
} from '@/db/schema';
import { loginAs } from '@test/session';
import type { AreaTable, CaseContext } from '../matrix';

const webhookRow = async ({ world }: CaseContext, id: number) => {
  const [row] = await world.t.db.select().from(webhooks).where(eq(webhooks.id, id));
  return row ?? null;
};

/** The actor's own webhook for the own target; else one of the zone's user. */
const throwawayWebhook = (context: CaseContext) =>
  context.world.fresh.webhook(context.where === 'own' ? context.actor.user : context.zone.user);

const webhookBody = (context: CaseContext) => ({
  url: `http://127.0.0.1:9/${context.zone.marker}`,
  events: ['status.update'],
  enabled: false,
});

const noticeExists = async ({ world }: CaseContext, id: number) =>
  (await world.t.db.select().from(globalNotices).where(eq(globalNotices.id, id))).length === 1;

/** A user of the target zone who granted impersonation access. */
const impersonable = (context: CaseContext) =>
  context.world.fresh.user(context.zone.company, { impersonable: true });

export const systemRoutes: AreaTable = {
  'GET /api/webhooks': {
    permission: 'manage_webhooks',
    scope: 'caller',
    ok: 200,
    build: async () => ({ url: '/api/webhooks' }),
  },
  'POST /api/webhooks': {
    permission: 'manage_webhooks',
    scope: 'caller',
    ok: 201,
    build: async (context) => ({ url: '/api/webhooks', payload: webhookBody(context) }),
  },
  'PUT /api/webhooks/:id': {
    permission: 'manage_webhooks',
    scope: 'owner',
    ok: 200,
    build: async (context) => {
      const id = await throwawayWebhook(context);
      return {
        url: `/api/webhooks/${id}`,
        payload: webhookBody(context),
        untouched: async () => (await webhookRow(context, id))?.enabled === true,
      };
    },
  },
  'DELETE /api/webhooks/:id': {
    permission: 'manage_webhooks',
    scope: 'owner',
    ok: 200,
    build: async (context) => {
      const id = await throwawayWebhook(context);
      return {
        url: `/api/webhooks/${id}`,
        untouched: async () => (await webhookRow(context, id)) !== null,
      };
    },
  },
  'GET /api/webhooks/:id/deliveries': {
    permission: 'manage_webhooks',
    scope: 'owner',
    ok: 200,
    build: async (context) => ({
      url: `/api/webhooks/${await throwawayWebhook(context)}/deliveries`,
    }),
  },
  'POST /api/webhooks/:id/test': {
    permission: 'manage_webhooks',
    scope: 'owner',
    ok: 200,
    build: async (context) => ({ url: `/api/webhooks/${await throwawayWebhook(context)}/test` }),
  },
  'GET /api/admin/notices': {
    permission: 'admin_view_notice',
    scope: 'global',
    ok: 200,
    build: async () => ({ url: '/api/admin/notices' }),
  },
  'POST /api/admin/notices': {
    permission: 'admin_view_notice',
    scope: 'global',
    ok: 201,
    build: async () => ({
      url: '/api/admin/notices',
      payload: { type: 'info', message: 'Maintenance tonight', enabled: false },
    }),
  },
  'PUT /api/admin/notices/:id': {
    permission: 'admin_view_notice',
    scope: 'global',
    ok: 200,
    build: async (context) => ({
      url: `/api/admin/notices/${await context.world.fresh.notice()}`,
      payload: { type: 'warning', message: 'Maintenance moved', enabled: false },
    }),
  },
  'DELETE /api/admin/notices/:id': {
    permission: 'admin_view_notice',
    scope: 'global',
    ok: 200,
    build: async (context) => {
      const id = await context.world.fresh.notice();
      return { url: `/api/admin/notices/${id}`, untouched: () => noticeExists(context, id) };
    },
  },
  'GET /api/mail-logs': {
    permission: 'view_mail_logs',
    scope: 'caller',
    ok: 200,
    build: async () => ({ url: '/api/mail-logs' }),
  },
  'GET /api/mail-logs/outbox': {
    permission: 'super_admin',
    scope: 'global',
    ok: 200,
    build: async () => ({ url: '/api/mail-logs/outbox' }),
  },
  'GET /api/users/impersonation-logs': {
    permission: 'view_impersonation_logs',
    scope: 'caller',
    ok: 200,
    build: async () => ({ url: '/api/users/impersonation-logs' }),
  },
  'POST /api/users/:id/impersonate': {
    permission: 'impersonate_users',
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const user = await impersonable(context);
      return {
        url: `/api/users/${user.id}/impersonate`,
        // Impersonating turns the session into the target's: the shared one must stay the actor's.
        session: await loginAs(context.world.t.app, context.actor.user),
        untouched: async () =>
          (
            await context.world.t.db
              .select()
              .from(impersonationLogs)
              .where(eq(impersonationLogs.userId, user.id))
          ).length === 0,
      };
    },
  },
  'POST /api/users/:id/impersonation-access-request': {
    permission: 'impersonate_users',
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const user = await context.world.fresh.user(context.zone.company);
      return {
        url: `/api/users/${user.id}/impersonation-access-request`,
        untouched: async () =>
          (
            await context.world.t.db
              .select()
              .from(impersonationAccessRequests)
              .where(eq(impersonationAccessRequests.userId, user.id))
          ).length === 0,
      };
    },
  },
};
