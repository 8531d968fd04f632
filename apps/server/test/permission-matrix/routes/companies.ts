import { eq } from 'drizzle-orm';
import { companies } from '@/db/schema';
import type { AreaTable, CaseContext } from '../matrix';

const companyRow = async ({ world }: CaseContext, id: number) => {
  const [row] = await world.t.db.select().from(companies).where(eq(companies.id, id));
  return row ?? null;
};

/** A throwaway company of the target zone: a subsidiary of A (child zone) or of B (foreign). */
const throwaway = ({ world, where, zone }: CaseContext) =>
  world.fresh.company(
    where === 'foreign' ? world.zones.foreign.company : world.zones.own.company,
    zone.marker,
  );

/**
 * A itself (as it is now) for the own zone, the only company that is the actor's, and for the
 * parent zone, the company above the actor's; else a throwaway.
 */
const target = async (context: CaseContext) => {
  if (context.where !== 'own' && context.where !== 'parent') return throwaway(context);
  const own = await companyRow(context, context.zone.company.id);
  if (!own) throw new Error('company A is gone');
  return own;
};

export const companyRoutes: AreaTable = {
  'GET /api/companies': {
    permission: 'view_companies',
    scope: 'caller',
    ok: 200,
    build: async () => ({ url: '/api/companies' }),
  },
  'GET /api/companies/tree': {
    permission: 'view_companies',
    scope: 'caller',
    ok: 200,
    build: async () => ({ url: '/api/companies/tree' }),
  },
  'GET /api/companies/:id': {
    permission: 'view_companies',
    scope: 'company',
    ok: 200,
    build: async ({ zone }) => ({ url: `/api/companies/${zone.company.id}` }),
  },
  'POST /api/companies': {
    permission: 'manage_companies',
    scope: 'company',
    // A1 is level 3: it may not have subsidiaries.
    ok: { own: 201, child: 422, foreign: 201 },
    build: async (context) => {
      const name = context.world.fresh.label('Company', context.zone.company);
      const named = () =>
        context.world.t.db
          .select({ id: companies.id })
          .from(companies)
          .where(eq(companies.name, name));
      return {
        url: '/api/companies',
        payload: { name, parent_id: context.zone.company.id },
        untouched: async () => (await named()).length === 0,
      };
    },
  },
  'POST /api/companies/move': {
    permission: 'manage_companies',
    scope: 'company',
    // Moving one's own company (or a company into itself) is refused whoever asks.
    ok: { own: 422, child: 200, foreign: 200 },
    build: async (context) => {
      const source = await target(context);
      return {
        url: '/api/companies/move',
        payload: { source: source.id, target: context.home.company.id },
        untouched: async () => (await companyRow(context, source.id))?.parentId === source.parentId,
      };
    },
  },
  'PUT /api/companies/:id': {
    permission: 'manage_companies',
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const company = await target(context);
      return {
        url: `/api/companies/${company.id}`,
        payload: { name: context.world.fresh.label('Company', company) },
        untouched: async () => (await companyRow(context, company.id))?.name === company.name,
      };
    },
  },
  'PUT /api/companies/:id/flags': {
    permission: 'manage_companies',
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const company = await target(context);
      return {
        url: `/api/companies/${company.id}/flags`,
        // A's own users keep signing in without MFA: A is only ever set to what it is.
        payload: { mfa_enforced: context.where !== 'own' },
        untouched: async () => (await companyRow(context, company.id))?.mfaEnforced === false,
      };
    },
  },
  'DELETE /api/companies/:id': {
    permission: 'manage_companies',
    scope: 'company',
    // The own target is the actor's own company, which nobody may delete.
    ok: { own: 422, child: 200, foreign: 200 },
    build: async (context) => {
      const id =
        context.where === 'own'
          ? context.actor.user.companyId
          : context.where === 'parent'
            ? context.zone.company.id
            : (await throwaway(context)).id;
      return {
        url: `/api/companies/${id}`,
        untouched: async () => (await companyRow(context, id)) !== null,
      };
    },
  },
};
