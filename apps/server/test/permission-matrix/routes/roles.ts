import { eq } from 'drizzle-orm';
import { rolePermissions, roles } from '@/db/schema';
import type { AreaTable, CaseContext } from '../matrix';

const roleRow = async ({ world }: CaseContext, id: number) => {
  const [row] = await world.t.db.select().from(roles).where(eq(roles.id, id));
  return row ?? null;
};

/** A custom role of the target zone granting nothing, made for this case only. */
const throwaway = (context: CaseContext) => context.world.fresh.role(context.zone.company, []);

export const roleRoutes: AreaTable = {
  'GET /api/roles': {
    permission: 'view_roles',
    scope: 'caller',
    ok: 200,
    build: async () => ({ url: '/api/roles' }),
  },
  'GET /api/roles/:id': {
    permission: 'view_roles',
    scope: 'company',
    ok: 200,
    build: async ({ zone }) => ({ url: `/api/roles/${zone.roleId}` }),
  },
  'GET /api/roles/:id/permissions': {
    permission: 'view_permissions',
    scope: 'company',
    ok: 200,
    build: async ({ zone }) => ({ url: `/api/roles/${zone.roleId}/permissions` }),
  },
  'POST /api/roles': {
    permission: 'manage_roles',
    scope: 'company',
    // RMS answers 200 to POST /roles.
    ok: 200,
    build: async (context) => {
      const title = context.world.fresh.label('Role', context.zone.company);
      return {
        url: '/api/roles',
        payload: { title, company_id: context.zone.company.id, permission_id: ['view_tags'] },
        untouched: async () =>
          (await context.world.t.db.select().from(roles).where(eq(roles.title, title))).length ===
          0,
      };
    },
  },
  'PUT /api/roles/permissions': {
    permission: 'manage_roles',
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const id = await throwaway(context);
      return {
        url: '/api/roles/permissions',
        payload: { role_id: id, permission_id: ['view_tags'] },
        untouched: async () =>
          (
            await context.world.t.db
              .select()
              .from(rolePermissions)
              .where(eq(rolePermissions.roleId, id))
          ).length === 0,
      };
    },
  },
  'PUT /api/roles/:id': {
    permission: 'manage_roles',
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const id = await throwaway(context);
      const before = await roleRow(context, id);
      return {
        url: `/api/roles/${id}`,
        payload: { title: context.world.fresh.label('Role', context.zone.company) },
        untouched: async () => (await roleRow(context, id))?.title === before?.title,
      };
    },
  },
  'DELETE /api/roles/:id': {
    permission: 'manage_roles',
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const id = await throwaway(context);
      return {
        url: `/api/roles/${id}`,
        untouched: async () => (await roleRow(context, id)) !== null,
      };
    },
  },
};
