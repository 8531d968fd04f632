import type { ConditionsBody } from '@netfleet/contracts';
import { and, eq } from 'drizzle-orm';
import { alertEvents, automationDevices, automations } from '@/db/schema';
import type { AreaTable, CaseContext, RouteSpec } from '../matrix';
import { silencesRoutes } from './automation-silences';
import { matrixDevice } from './devices';

// Automations (RMS routes 1–17 and the parameter catalogue). The lists are 'global' here: their
// company scope is tested in the module's own tests (automations).

let sequence = 0;
const view = 'view_device_alert_configurations' as const;
const manage = 'manage_device_alert_configurations' as const;
const db = (context: CaseContext) => context.world.t.db;
const device = (context: CaseContext) =>
  matrixDevice(db(context), context.zone.company, context.zone.marker);
const CONDITIONS: ConditionsBody = [
  {
    type: 'if',
    tag: 'cond_0',
    expression: [{ parameter: 'signal', operator: '<', value: -110, joins_with: undefined }],
    actions: [],
  },
];

/** A rule of the zone's company; returns its id. */
const rule = async (context: CaseContext) => {
  const [row] = await db(context)
    .insert(automations)
    .values({
      companyId: context.zone.company.id,
      name: `rule ${context.zone.marker} ${++sequence}`,
      conditionsBody: CONDITIONS,
      dataGroup: 'dynamic',
    })
    .returning({ id: automations.id });
  if (!row) throw new Error('automation insert failed');
  return row.id;
};
const ruleRow = async (context: CaseContext, id: number) =>
  (await db(context).select().from(automations).where(eq(automations.id, id)))[0] ?? null;
const assignments = async (context: CaseContext, id: number) =>
  (await db(context).select().from(automationDevices).where(eq(automationDevices.automationId, id)))
    .length;
/** A zone rule with a zone device assigned explicitly. */
const assigned = async (context: CaseContext) => {
  const id = await rule(context);
  const deviceId = await device(context);
  await db(context).insert(automationDevices).values({ automationId: id, deviceId });
  return { id, deviceId };
};
const stillAssigned = (context: CaseContext, id: number, deviceId: number) => async () =>
  (
    await db(context)
      .select()
      .from(automationDevices)
      .where(and(eq(automationDevices.automationId, id), eq(automationDevices.deviceId, deviceId)))
  ).length === 1;

const list = (url: string): RouteSpec => ({
  permission: view,
  scope: 'global',
  ok: 200,
  build: async () => ({ url }),
});
const read = (path: (id: number) => string): RouteSpec => ({
  permission: view,
  scope: 'company',
  ok: 200,
  build: async (context) => ({ url: path(await rule(context)) }),
});

/** A write naming a zone rule and a zone device in its body: out of reach it is a 422. */
const bodyWrite = (
  url: string,
  payload: (ruleId: number, deviceId: number) => object,
): RouteSpec => ({
  permission: manage,
  scope: 'company',
  ok: 200,
  hidden: 422,
  build: async (context) => {
    const id = await rule(context);
    const deviceId = await device(context);
    return {
      url,
      payload: payload(id, deviceId),
      untouched: async () => (await assignments(context, id)) === 0,
    };
  },
});

export const automationsRoutes: AreaTable = {
  ...silencesRoutes,
  'GET /api/automations': list('/api/automations'),
  'GET /api/automations/parameters': list('/api/automations/parameters'),
  'POST /api/automations': {
    permission: manage,
    scope: 'company',
    ok: 200,
    hidden: 422,
    build: async (context) => {
      const name = `new ${context.zone.marker} ${++sequence}`;
      return {
        url: '/api/automations',
        payload: { name, company_id: context.zone.company.id, conditions_body: CONDITIONS },
        untouched: async () =>
          (await db(context).select().from(automations).where(eq(automations.name, name)))
            .length === 0,
      };
    },
  },
  'POST /api/automations/preview': {
    permission: view,
    scope: 'company',
    ok: 200,
    hidden: 422,
    build: async (context) => ({
      url: '/api/automations/preview',
      payload: {
        name: 'preview',
        company_id: context.zone.company.id,
        conditions_body: CONDITIONS,
      },
    }),
  },
  'PUT /api/automations/activate': {
    permission: manage,
    scope: 'company',
    ok: 200,
    hidden: 422,
    build: async (context) => {
      const id = await rule(context);
      return {
        url: '/api/automations/activate',
        payload: [{ enable: false, automations: [id] }],
        untouched: async () => (await ruleRow(context, id))?.enabled === true,
      };
    },
  },
  'GET /api/automations/:id': read((id) => `/api/automations/${id}`),
  'PUT /api/automations/:id': {
    permission: manage,
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const id = await rule(context);
      const before = (await ruleRow(context, id))?.name;
      return {
        url: `/api/automations/${id}`,
        payload: { name: `renamed ${++sequence}` },
        untouched: async () => (await ruleRow(context, id))?.name === before,
      };
    },
  },
  'DELETE /api/automations/:id': {
    permission: manage,
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const id = await rule(context);
      return {
        url: `/api/automations/${id}`,
        untouched: async () => (await ruleRow(context, id)) !== null,
      };
    },
  },
  'GET /api/devices/:id/automations': {
    permission: view,
    scope: 'company',
    ok: 200,
    build: async (context) => ({ url: `/api/devices/${await device(context)}/automations` }),
  },
  'GET /api/automations/:id/logs': read((id) => `/api/automations/${id}/logs`),
  'GET /api/automations/:id/logs/:evaluation_id': {
    permission: view,
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const { id, deviceId } = await assigned(context);
      const evaluationId = `matrix${++sequence}`;
      await db(context).insert(alertEvents).values({
        evaluationId,
        source: 'automation',
        kind: 'fired',
        automationId: id,
        revision: 1,
        deviceId,
        companyId: context.zone.company.id,
        evaluatedParameters: [],
        evaluatedConditions: [],
        message: 'matrix',
        readingTs: new Date(),
        overallStatus: 'success',
      });
      return { url: `/api/automations/${id}/logs/${evaluationId}` };
    },
  },
  'GET /api/automations/:id/devices': read((id) => `/api/automations/${id}/devices`),
  'PUT /api/automations/:id/devices': {
    permission: manage,
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const id = await rule(context);
      const deviceId = await device(context);
      return {
        url: `/api/automations/${id}/devices`,
        payload: [{ devices: [deviceId] }],
        untouched: async () => (await assignments(context, id)) === 0,
      };
    },
  },
  'DELETE /api/automations/:id/devices': {
    permission: manage,
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const { id, deviceId } = await assigned(context);
      return {
        url: `/api/automations/${id}/devices`,
        payload: [{ devices: [deviceId] }],
        untouched: stillAssigned(context, id, deviceId),
      };
    },
  },
  'PUT /api/automations/:id/devices/activation': {
    permission: manage,
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const id = await rule(context);
      const deviceId = await device(context);
      return {
        url: `/api/automations/${id}/devices/activation`,
        payload: [{ enable: false, devices: [deviceId] }],
        untouched: async () => (await assignments(context, id)) === 0,
      };
    },
  },
  'PUT /api/automations/devices/assign': bodyWrite(
    '/api/automations/devices/assign',
    (id, deviceId) => ({ data: [{ automation_id: id, device_id: [deviceId] }] }),
  ),
  'PUT /api/automations/devices/unassign': {
    permission: manage,
    scope: 'company',
    ok: 200,
    hidden: 422,
    build: async (context) => {
      const { id, deviceId } = await assigned(context);
      return {
        url: '/api/automations/devices/unassign',
        payload: { data: [{ automation_id: id, device_id: [deviceId] }] },
        untouched: stillAssigned(context, id, deviceId),
      };
    },
  },
  'PUT /api/devices/automations/overwrite': bodyWrite(
    '/api/devices/automations/overwrite',
    (id, deviceId) => ({ data: [{ device_id: deviceId, automation_id: [id] }] }),
  ),
  'PUT /api/automations/devices/overwrite': bodyWrite(
    '/api/automations/devices/overwrite',
    (id, deviceId) => ({ data: [{ device_id: deviceId, automation_id: [id] }] }),
  ),
};
