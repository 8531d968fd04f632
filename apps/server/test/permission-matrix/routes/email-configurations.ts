import { eq } from 'drizzle-orm';
import { emailConfigurations } from '@/db/schema';
import type { AreaTable, CaseContext } from '../matrix';

const configurationRow = async ({ world }: CaseContext, id: number) => {
  const [row] = await world.t.db
    .select()
    .from(emailConfigurations)
    .where(eq(emailConfigurations.id, id));
  return row ?? null;
};

const throwaway = (context: CaseContext) =>
  context.world.fresh.emailConfiguration(context.zone.company);

export const emailConfigurationRoutes: AreaTable = {
  'GET /api/email-configurations': {
    permission: 'manage_smtp',
    scope: 'caller',
    ok: 200,
    build: async () => ({ url: '/api/email-configurations' }),
  },
  'POST /api/email-configurations': {
    permission: 'manage_smtp',
    scope: 'company',
    ok: 201,
    build: async (context) => {
      const name = context.world.fresh.label('smtp', context.zone.company);
      return {
        url: '/api/email-configurations',
        payload: {
          company_id: context.zone.company.id,
          name,
          host: '127.0.0.1',
          port: 9,
          email: context.world.fresh.address('smtp', context.zone.company),
        },
        untouched: async () =>
          (
            await context.world.t.db
              .select()
              .from(emailConfigurations)
              .where(eq(emailConfigurations.name, name))
          ).length === 0,
      };
    },
  },
  'PUT /api/email-configurations/:id': {
    permission: 'manage_smtp',
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const id = await throwaway(context);
      const before = await configurationRow(context, id);
      return {
        url: `/api/email-configurations/${id}`,
        payload: { name: context.world.fresh.label('smtp', context.zone.company) },
        untouched: async () => (await configurationRow(context, id))?.name === before?.name,
      };
    },
  },
  'DELETE /api/email-configurations/:id': {
    permission: 'manage_smtp',
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const id = await throwaway(context);
      return {
        url: `/api/email-configurations/${id}`,
        untouched: async () => (await configurationRow(context, id)) !== null,
      };
    },
  },
  'POST /api/email-configurations/:id/test': {
    permission: 'manage_smtp',
    scope: 'company',
    // The configured server is a closed port: the send fails, which is a 422.
    ok: 422,
    build: async ({ zone }) => ({
      url: `/api/email-configurations/${zone.emailConfigurationId}/test`,
      payload: { to: 'probe@example.test' },
    }),
  },
};
