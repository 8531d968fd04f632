import { defaultRole } from '@netfleet/contracts';
import { eq } from 'drizzle-orm';
import { invitations } from '@/db/schema';
import type { AreaTable, CaseContext } from '../matrix';

const invitationRow = async ({ world }: CaseContext, id: number) => {
  const [row] = await world.t.db.select().from(invitations).where(eq(invitations.id, id));
  return row ?? null;
};

/** The role the actor may give: a default role, or for own_only its own custom role. */
const givableRole = (context: CaseContext) =>
  context.actor.customRoleId ?? defaultRole('end_user').id;

/** A pending invitation of the target zone, sent long enough ago to be sent again. */
const throwaway = (context: CaseContext) =>
  context.world.fresh.invitation(context.zone.company, givableRole(context));

export const invitationRoutes: AreaTable = {
  'GET /api/users/invitations': {
    permission: 'view_user_invitations',
    scope: 'caller',
    ok: 200,
    build: async () => ({ url: '/api/users/invitations' }),
  },
  'POST /api/users/invite': {
    permission: 'invite_users',
    scope: 'company',
    ok: 201,
    build: async (context) => {
      const email = context.world.fresh.address('invitee', context.zone.company);
      return {
        url: '/api/users/invite',
        payload: { email, company_id: context.zone.company.id, role: givableRole(context) },
        untouched: async () =>
          (await context.world.t.db.select().from(invitations).where(eq(invitations.email, email)))
            .length === 0,
      };
    },
  },
  'POST /api/distributors/invitations': {
    permission: 'manage_companies',
    scope: 'caller',
    ok: 201,
    build: async (context) => ({
      url: '/api/distributors/invitations',
      payload: { email: context.world.fresh.address('distributor', context.zone.company) },
    }),
  },
  'POST /api/users/invitations/:id/resend': {
    permission: 'invite_users',
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const id = await throwaway(context);
      const before = await invitationRow(context, id);
      return {
        url: `/api/users/invitations/${id}/resend`,
        untouched: async () => (await invitationRow(context, id))?.tokenHash === before?.tokenHash,
      };
    },
  },
  'DELETE /api/users/invitations/:id': {
    permission: 'invite_users',
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const id = await throwaway(context);
      return {
        url: `/api/users/invitations/${id}`,
        untouched: async () => (await invitationRow(context, id)) !== null,
      };
    },
  },
};
