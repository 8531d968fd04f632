import { eq } from 'drizzle-orm';
import { tags } from '@/db/schema';
import type { AreaTable, CaseContext } from '../matrix';

const tagRow = async ({ world }: CaseContext, id: number) => {
  const [row] = await world.t.db.select().from(tags).where(eq(tags.id, id));
  return row ?? null;
};

export const tagRoutes: AreaTable = {
  'GET /api/tags': {
    permission: 'view_tags',
    scope: 'caller',
    ok: 200,
    build: async () => ({ url: '/api/tags' }),
  },
  'GET /api/tags/:id': {
    permission: 'view_tags',
    scope: 'company',
    ok: 200,
    build: async ({ zone }) => ({ url: `/api/tags/${zone.tagId}` }),
  },
  'POST /api/tags': {
    permission: 'manage_tags',
    scope: 'company',
    ok: 201,
    build: async (context) => {
      const name = context.world.fresh.label('tag', context.zone.company);
      return {
        url: '/api/tags',
        payload: { company_id: context.zone.company.id, name },
        untouched: async () =>
          (await context.world.t.db.select().from(tags).where(eq(tags.name, name))).length === 0,
      };
    },
  },
  'PUT /api/tags/:id': {
    permission: 'manage_tags',
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const id = await context.world.fresh.tag(context.zone.company);
      const before = await tagRow(context, id);
      return {
        url: `/api/tags/${id}`,
        payload: { name: context.world.fresh.label('tag', context.zone.company) },
        untouched: async () => (await tagRow(context, id))?.name === before?.name,
      };
    },
  },
  'DELETE /api/tags/:id': {
    permission: 'manage_tags',
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const id = await context.world.fresh.tag(context.zone.company);
      return {
        url: `/api/tags/${id}`,
        untouched: async () => (await tagRow(context, id)) !== null,
      };
    },
  },
};
