import { eq } from 'drizzle-orm';
import { alertEvents, deviceAlertConfigs } from '@/db/schema';
import type { AreaTable, CaseContext, RouteSpec } from '../matrix';
import { matrixDevice } from './devices';

// Device alert configurations and their alerts (RMS routes 18–27). The lists are 'global' here:
// their company scope is tested in the module's own tests (device-alerts.test.ts).

const view = 'view_device_alert_configurations' as const;
const manage = 'manage_device_alert_configurations' as const;
const db = (context: CaseContext) => context.world.t.db;
const device = (context: CaseContext) =>
  matrixDevice(db(context), context.zone.company, context.zone.marker);

/** A config on a zone device; returns both ids. */
const config = async (context: CaseContext) => {
  const deviceId = await device(context);
  const [row] = await db(context)
    .insert(deviceAlertConfigs)
    .values({
      deviceId,
      companyId: context.zone.company.id,
      alertTypeId: 3,
      alertSubtypeId: 9,
      action: 3,
      subject: 'matrix',
      message: 'matrix',
    })
    .returning({ id: deviceAlertConfigs.id });
  if (!row) throw new Error('device alert config insert failed');
  return { id: row.id, deviceId };
};
const configRow = async (context: CaseContext, id: number) =>
  (await db(context).select().from(deviceAlertConfigs).where(eq(deviceAlertConfigs.id, id)))[0] ??
  null;

/** A device event of a zone device; returns its id. */
const alert = async (context: CaseContext) => {
  const { id, deviceId } = await config(context);
  const [row] = await db(context)
    .insert(alertEvents)
    .values({
      evaluationId: `matrix${id}`,
      source: 'device',
      kind: 'event',
      alertsConfigId: id,
      alertTypeId: 3,
      alertSubtypeId: 9,
      deviceId,
      companyId: context.zone.company.id,
      evaluatedParameters: [],
      evaluatedConditions: [],
      message: 'matrix',
      readingTs: new Date(),
      overallStatus: 'skipped',
    })
    .returning({ id: alertEvents.id });
  if (!row) throw new Error('alert event insert failed');
  return row.id;
};
const alertExists = async (context: CaseContext, id: number) =>
  (await db(context).select().from(alertEvents).where(eq(alertEvents.id, id))).length === 1;

const list = (url: string): RouteSpec => ({
  permission: view,
  scope: 'global',
  ok: 200,
  build: async () => ({ url }),
});

export const deviceAlertsRoutes: AreaTable = {
  'GET /api/alerts': list('/api/alerts'),
  'GET /api/alerts-configurations': list('/api/alerts-configurations'),
  'POST /api/alerts/token': {
    permission: view,
    scope: 'caller',
    ok: 201,
    build: async (context) => ({
      url: '/api/alerts/token',
      payload: { token: `matrix-${context.zone.marker}` },
    }),
  },
  'GET /api/alerts/:id': {
    permission: view,
    scope: 'company',
    ok: 200,
    build: async (context) => ({ url: `/api/alerts/${await alert(context)}` }),
  },
  'DELETE /api/alerts/:id': {
    permission: manage,
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const id = await alert(context);
      return { url: `/api/alerts/${id}`, untouched: () => alertExists(context, id) };
    },
  },
  'GET /api/alerts-configurations/:id': {
    permission: view,
    scope: 'company',
    ok: 200,
    build: async (context) => ({
      url: `/api/alerts-configurations/${(await config(context)).id}`,
    }),
  },
  'PUT /api/alerts-configurations/:id': {
    permission: manage,
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const { id } = await config(context);
      return {
        url: `/api/alerts-configurations/${id}`,
        payload: { subject: 'changed' },
        untouched: async () => (await configRow(context, id))?.subject === 'matrix',
      };
    },
  },
  'GET /api/devices/alerts-configurations': {
    permission: view,
    scope: 'company',
    ok: 200,
    build: async (context) => ({
      url: `/api/devices/alerts-configurations?device_id=${await device(context)}`,
    }),
  },
  'POST /api/devices/alerts-configurations': {
    permission: manage,
    scope: 'company',
    ok: 201,
    hidden: 422,
    build: async (context) => {
      const deviceId = await device(context);
      return {
        url: '/api/devices/alerts-configurations',
        payload: {
          data: [
            { device_id: deviceId, alert_type_id: 3, alert_subtype_id: 9, action: 3, message: 'm' },
          ],
        },
        untouched: async () =>
          (
            await db(context)
              .select()
              .from(deviceAlertConfigs)
              .where(eq(deviceAlertConfigs.deviceId, deviceId))
          ).length === 0,
      };
    },
  },
  'DELETE /api/devices/:device_id/alerts-configurations/:alert_id': {
    permission: manage,
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const { id, deviceId } = await config(context);
      return {
        url: `/api/devices/${deviceId}/alerts-configurations/${id}`,
        untouched: async () => (await configRow(context, id)) !== null,
      };
    },
  },
};
