import { eq } from 'drizzle-orm';
import { alertSilences } from '@/db/schema';
import type { AreaTable, CaseContext } from '../matrix';

// Silences of automations (design §4.7). The list is 'global' here: its company scope is tested in
// the module's own tests (silences.test.ts).

let sequence = 0;
const view = 'view_device_alert_configurations' as const;
const manage = 'manage_device_alert_configurations' as const;
const db = (context: CaseContext) => context.world.t.db;
const HOUR = 3_600_000;
const apiDate = (at: number) => new Date(at).toISOString().slice(0, 19).replace('T', ' ');

/** A silence of the zone's company; returns its id. */
const silence = async (context: CaseContext) => {
  const [row] = await db(context)
    .insert(alertSilences)
    .values({
      companyId: context.zone.company.id,
      name: `silence ${context.zone.marker} ${++sequence}`,
      startsAt: new Date(Date.now() + HOUR),
      endsAt: new Date(Date.now() + 2 * HOUR),
    })
    .returning({ id: alertSilences.id });
  if (!row) throw new Error('silence insert failed');
  return row.id;
};
const silenceRow = async (context: CaseContext, id: number) =>
  (await db(context).select().from(alertSilences).where(eq(alertSilences.id, id)))[0] ?? null;

export const silencesRoutes: AreaTable = {
  'GET /api/automations/silences': {
    permission: view,
    scope: 'global',
    ok: 200,
    build: async () => ({ url: '/api/automations/silences' }),
  },
  'POST /api/automations/silences': {
    permission: manage,
    scope: 'company',
    ok: 200,
    hidden: 422,
    build: async (context) => {
      const name = `new silence ${context.zone.marker} ${++sequence}`;
      return {
        url: '/api/automations/silences',
        payload: {
          name,
          company_id: context.zone.company.id,
          starts_at: apiDate(Date.now() + HOUR),
          ends_at: apiDate(Date.now() + 2 * HOUR),
        },
        untouched: async () =>
          (await db(context).select().from(alertSilences).where(eq(alertSilences.name, name)))
            .length === 0,
      };
    },
  },
  'PUT /api/automations/silences/:id': {
    permission: manage,
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const id = await silence(context);
      const before = (await silenceRow(context, id))?.name;
      return {
        url: `/api/automations/silences/${id}`,
        payload: { name: `renamed silence ${++sequence}` },
        untouched: async () => (await silenceRow(context, id))?.name === before,
      };
    },
  },
  'DELETE /api/automations/silences/:id': {
    permission: manage,
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const id = await silence(context);
      return {
        url: `/api/automations/silences/${id}`,
        untouched: async () => (await silenceRow(context, id)) !== null,
      };
    },
  },
};
