import { defaultRole } from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import { suppressedEmails, users } from '@/db/schema';
import type { AreaTable, CaseContext } from '../matrix';

const userRow = async ({ world }: CaseContext, id: number) => {
  const [row] = await world.t.db.select().from(users).where(eq(users.id, id));
  return row ?? null;
};

/** An end user of the target zone, made for this case only. */
const throwaway = (context: CaseContext, mfaType?: string) =>
  context.world.fresh.user(context.zone.company, mfaType ? { mfaType } : {});

export const userRoutes: AreaTable = {
  'GET /api/users': {
    permission: 'view_users',
    scope: 'caller',
    ok: 200,
    build: async () => ({ url: '/api/users' }),
  },
  'GET /api/users/move-logs': {
    permission: 'view_user_move_logs',
    scope: 'caller',
    ok: 200,
    build: async () => ({ url: '/api/users/move-logs' }),
  },
  'GET /api/users/:id': {
    permission: 'view_users',
    scope: 'company',
    ok: 200,
    build: async ({ zone }) => ({ url: `/api/users/${zone.user.id}` }),
  },
  'DELETE /api/users/:id': {
    permission: 'manage_users',
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const user = await throwaway(context);
      return {
        url: `/api/users/${user.id}`,
        untouched: async () => (await userRow(context, user.id)) !== null,
      };
    },
  },
  'PUT /api/users/:id/role': {
    permission: 'manage_users',
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const user = await throwaway(context);
      // A custom role's holder may give only custom roles within their own permissions.
      const roleId = context.actor.customRoleId ?? defaultRole('read_only').id;
      return {
        url: `/api/users/${user.id}/role`,
        payload: { role_id: roleId },
        untouched: async () => (await userRow(context, user.id))?.roleId === user.roleId,
      };
    },
  },
  'POST /api/users/move': {
    permission: 'manage_users',
    scope: 'company',
    // A user of A moved to A is already there.
    ok: { own: 422, child: 200, foreign: 200 },
    build: async (context) => {
      const user = await throwaway(context);
      return {
        url: '/api/users/move',
        payload: { user_id: [user.id], company_id: context.home.company.id },
        untouched: async () => (await userRow(context, user.id))?.companyId === user.companyId,
      };
    },
  },
  'DELETE /api/admin/users/mfa': {
    permission: 'manage_users',
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const user = await throwaway(context, 'email');
      return {
        url: '/api/admin/users/mfa',
        payload: { email: user.email },
        untouched: async () => (await userRow(context, user.id))?.mfaType === 'email',
      };
    },
  },
  'DELETE /api/admin/users': {
    permission: 'manage_users',
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const user = await throwaway(context);
      return {
        url: '/api/admin/users',
        payload: { email: user.email },
        untouched: async () => (await userRow(context, user.id)) !== null,
      };
    },
  },
  'POST /api/admin/users/sso': {
    permission: 'manage_users',
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const user = await throwaway(context);
      return {
        url: '/api/admin/users/sso',
        payload: { email: user.email },
        untouched: async () => (await userRow(context, user.id))?.ssoAdmin === false,
      };
    },
  },
  'GET /api/suppressed-emails': {
    permission: 'manage_users',
    scope: 'caller',
    ok: 200,
    build: async () => ({ url: '/api/suppressed-emails' }),
  },
  'DELETE /api/suppressed-emails/:email': {
    permission: 'manage_users',
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const user = await throwaway(context);
      const id = await context.world.fresh.suppressed(user.email);
      return {
        url: `/api/suppressed-emails/${encodeURIComponent(user.email)}`,
        untouched: async () =>
          (
            await context.world.t.db
              .select()
              .from(suppressedEmails)
              .where(eq(suppressedEmails.id, id))
          ).length === 1,
      };
    },
  },
};
