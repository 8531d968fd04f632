import { and, eq } from 'drizzle-orm';
import { dataCollectAssignments, dataCollectConfigs, deviceJobs } from '@/db/schema';
import type { AreaTable, CaseContext, RouteSpec } from '../matrix';
import { matrixDevice } from './devices';

// Data collection: configs, assignments, logs and collected values. The lists are 'global' here:
// their company scope is tested in the module's own test (data-collect).

let sequence = 0;
const view = 'view_devices' as const;
const manage = 'update_monitoring' as const;
const db = (context: CaseContext) => context.world.t.db;
const device = (context: CaseContext) =>
  matrixDevice(db(context), context.zone.company, context.zone.marker);
const noJobs = async (context: CaseContext, deviceId: number) =>
  (await db(context).select().from(deviceJobs).where(eq(deviceJobs.deviceId, deviceId))).length ===
  0;
const ENDPOINTS = [
  {
    url: '/modems/status',
    variables: [{ id: 'rsrp', filter: '$.http_body.data[0].rsrp', type: 'number' as const }],
  },
];
const body = (companyId: number, name: string) => ({
  name,
  company_id: companyId,
  api_version: '1.0',
  period: 300,
  enabled: true,
  device_documentation_id: 1,
  data: ENDPOINTS,
});

/** A config of the zone's company; returns its id. */
const config = async (context: CaseContext) => {
  const [row] = await db(context)
    .insert(dataCollectConfigs)
    .values({
      companyId: context.zone.company.id,
      name: `collect ${context.zone.marker} ${++sequence}`,
      apiVersion: '1.0',
      documentationId: 1,
      period: 300,
      enabled: true,
      endpoints: ENDPOINTS,
    })
    .returning({ id: dataCollectConfigs.id });
  if (!row) throw new Error('data collect config insert failed');
  return row.id;
};
const configName = async (context: CaseContext, id: number) =>
  (await db(context).select().from(dataCollectConfigs).where(eq(dataCollectConfigs.id, id)))[0]
    ?.name ?? null;

const list = (url: string, permission = view): RouteSpec => ({
  permission,
  scope: 'global',
  ok: 200,
  build: async () => ({ url }),
});

export const dataCollectRoutes: AreaTable = {
  'GET /api/data-collect/configs': list('/api/data-collect/configs'),
  'GET /api/data-collect/configs/assigned': list('/api/data-collect/configs/assigned'),
  'GET /api/data-collect/configs/logs': list('/api/data-collect/configs/logs'),
  'GET /api/devices/data/fields': list('/api/devices/data/fields'),
  'POST /api/data-collect/configs': {
    permission: manage,
    scope: 'company',
    ok: 200,
    hidden: 422,
    build: async (context) => {
      const name = `new ${context.zone.marker} ${++sequence}`;
      return {
        url: '/api/data-collect/configs',
        payload: body(context.zone.company.id, name),
        untouched: async () =>
          (
            await db(context)
              .select()
              .from(dataCollectConfigs)
              .where(eq(dataCollectConfigs.name, name))
          ).length === 0,
      };
    },
  },
  'GET /api/data-collect/configs/:id': {
    permission: view,
    scope: 'company',
    ok: 200,
    build: async (context) => ({ url: `/api/data-collect/configs/${await config(context)}` }),
  },
  'PUT /api/data-collect/configs/:id': {
    permission: manage,
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const id = await config(context);
      const before = await configName(context, id);
      return {
        url: `/api/data-collect/configs/${id}`,
        payload: body(context.zone.company.id, `renamed ${++sequence}`),
        untouched: async () => (await configName(context, id)) === before,
      };
    },
  },
  'DELETE /api/data-collect/configs/:id': {
    permission: manage,
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const id = await config(context);
      return {
        url: `/api/data-collect/configs/${id}`,
        untouched: async () => (await configName(context, id)) !== null,
      };
    },
  },
  'PUT /api/data-collect/configs/assign': {
    permission: manage,
    scope: 'company',
    ok: 200,
    hidden: 422,
    build: async (context) => {
      const id = await config(context);
      const deviceId = await device(context);
      return {
        url: '/api/data-collect/configs/assign',
        payload: { configs: [{ id, device_id: [deviceId], period: 60, enabled: true }] },
        untouched: () => noJobs(context, deviceId),
      };
    },
  },
  'PUT /api/data-collect/configs/:id/unassign': {
    permission: manage,
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const id = await config(context);
      const deviceId = await device(context);
      await db(context)
        .insert(dataCollectAssignments)
        .values({ configId: id, deviceId, period: 60, enabled: true });
      return {
        url: `/api/data-collect/configs/${id}/unassign`,
        payload: { device_id: [deviceId] },
        untouched: async () =>
          (
            await db(context)
              .select()
              .from(dataCollectAssignments)
              .where(
                and(
                  eq(dataCollectAssignments.configId, id),
                  eq(dataCollectAssignments.deviceId, deviceId),
                ),
              )
          ).length === 1,
      };
    },
  },
  'GET /api/devices/:id/custom-data': {
    permission: view,
    scope: 'company',
    ok: 200,
    build: async (context) => ({
      url: `/api/devices/${await device(context)}/custom-data?start_date=2026-01-01&end_date=2026-12-31`,
    }),
  },
  'GET /api/data-collect/data/graph': {
    permission: view,
    scope: 'company',
    ok: 200,
    build: async (context) => ({
      url: `/api/data-collect/data/graph?field=${encodeURIComponent(`${await config(context)}:/modems/status:rsrp`)}`,
    }),
  },
  'GET /api/data-collect/data/values': {
    permission: view,
    scope: 'company',
    ok: 200,
    build: async (context) => ({
      url: `/api/data-collect/data/values?field=${encodeURIComponent(`${await config(context)}:/modems/status:rsrp`)}`,
    }),
  },
};
