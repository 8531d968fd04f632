import { eq } from 'drizzle-orm';
import { configActionDevices, configActions, configTemplates, deviceJobs } from '@/db/schema';
import type { AreaTable, CaseContext, RouteSpec } from '../matrix';
import { matrixDevice } from './devices';

// Device configuration: templates, configure, read-back, actions and logs. The lists are 'global'
// here: their company scope is tested in the module's own test (device-configurator).

let sequence = 0;
const permission = 'create_multi_configuration' as const;
const db = (context: CaseContext) => context.world.t.db;
const device = (context: CaseContext) =>
  matrixDevice(db(context), context.zone.company, context.zone.marker);
const noJobs = async (context: CaseContext, deviceId: number) =>
  (await db(context).select().from(deviceJobs).where(eq(deviceJobs.deviceId, deviceId))).length ===
  0;
const LAN_PUT = { path: '/network/lan', method: 'put', request_data: { ipaddr: '10.1.1.1' } };

/** A template of the zone's company; returns its id. */
const template = async (context: CaseContext) => {
  const [row] = await db(context)
    .insert(configTemplates)
    .values({
      companyId: context.zone.company.id,
      name: `template ${context.zone.marker} ${++sequence}`,
      version: '1.0.0',
      requests: [{ ...LAN_PUT, content_type: 'application/json' }] as never,
    })
    .returning({ id: configTemplates.id });
  if (!row) throw new Error('template insert failed');
  return row.id;
};
const templateName = async (context: CaseContext, id: number) =>
  (await db(context).select().from(configTemplates).where(eq(configTemplates.id, id)))[0]?.name ??
  null;

/** An action of the zone's company on one zone device (its job never sent); returns both. */
const action = async (context: CaseContext) => {
  const deviceId = await device(context);
  const name = `matrix-${context.zone.marker}-${++sequence}`;
  const [row] = await db(context)
    .insert(configActions)
    .values({ name, kind: 'configure', companyId: context.zone.company.id, requests: [] })
    .returning({ id: configActions.id });
  if (!row) throw new Error('action insert failed');
  await db(context).insert(configActionDevices).values({ actionId: row.id, deviceId });
  return { name, deviceId };
};

const list = (url: string): RouteSpec => ({
  permission,
  scope: 'global',
  ok: 200,
  build: async () => ({ url }),
});

/** A request naming a zone device in its body: out of reach it is 422 and sends nothing. */
const toDevice = (url: string, body: (id: number) => object): RouteSpec => ({
  permission,
  scope: 'company',
  ok: 200,
  hidden: 422,
  build: async (context) => {
    const id = await device(context);
    return { url, payload: body(id), untouched: () => noJobs(context, id) };
  },
});

const specification = (url: string): RouteSpec => ({
  permission,
  scope: 'company',
  ok: 200,
  hidden: 422,
  build: async (context) => ({ url: `${url}?device_id=${await device(context)}` }),
});

const onAction = (suffix: string, method: 'get' | 'post' = 'get'): RouteSpec => ({
  permission,
  scope: 'company',
  // A rollback of an action no device finished has nothing to undo.
  ok: method === 'post' ? 422 : 200,
  build: async (context) => {
    const { name } = await action(context);
    return {
      url: `/api/devices/configurator/actions/${name}${suffix}`,
      ...(method === 'post' ? { payload: {} } : {}),
    };
  },
});

const templateBody = { name: 'Matrix', version: '1.0.0', template: [LAN_PUT] };

export const deviceConfiguratorRoutes: AreaTable = {
  'GET /api/devices/configurator/specification': specification(
    '/api/devices/configurator/specification',
  ),
  'GET /api/devices/configurator/specification/document': specification(
    '/api/devices/configurator/specification/document',
  ),
  'POST /api/devices/configurator/configuration': toDevice(
    '/api/devices/configurator/configuration',
    (id) => ({ device_id: id, endpoints: [{ path: '/network/lan' }] }),
  ),
  'POST /api/devices/configurator/configure': toDevice(
    '/api/devices/configurator/configure',
    (id) => ({ configuration: [{ ...LAN_PUT, device_id: [id] }] }),
  ),
  'GET /api/devices/configurator/templates': list('/api/devices/configurator/templates'),
  'POST /api/devices/configurator/templates': {
    permission,
    scope: 'company',
    ok: 201,
    build: async (context) => {
      const name = `new ${context.zone.marker} ${++sequence}`;
      return {
        url: '/api/devices/configurator/templates',
        payload: { ...templateBody, name, company_id: context.zone.company.id },
        untouched: async () =>
          (await db(context).select().from(configTemplates).where(eq(configTemplates.name, name)))
            .length === 0,
      };
    },
  },
  'GET /api/devices/configurator/templates/:id': {
    permission,
    scope: 'company',
    ok: 200,
    build: async (context) => ({
      url: `/api/devices/configurator/templates/${await template(context)}`,
    }),
  },
  'PUT /api/devices/configurator/templates/:id': {
    permission,
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const id = await template(context);
      const before = await templateName(context, id);
      return {
        url: `/api/devices/configurator/templates/${id}`,
        payload: { ...templateBody, name: `renamed ${++sequence}` },
        untouched: async () => (await templateName(context, id)) === before,
      };
    },
  },
  'DELETE /api/devices/configurator/templates/:id': {
    permission,
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const id = await template(context);
      return {
        url: `/api/devices/configurator/templates/${id}`,
        untouched: async () => (await templateName(context, id)) !== null,
      };
    },
  },
  'POST /api/devices/configurator/templates/:id/use': {
    permission,
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const id = await device(context);
      return {
        url: `/api/devices/configurator/templates/${await template(context)}/use`,
        payload: { device_id: [id] },
        untouched: () => noJobs(context, id),
      };
    },
  },
  'GET /api/devices/configurator/actions': list('/api/devices/configurator/actions'),
  'GET /api/devices/configurator/actions/:name': onAction(''),
  'GET /api/devices/configurator/actions/:name/devices': onAction('/devices'),
  'POST /api/devices/configurator/actions/:name/rollback': onAction('/rollback', 'post'),
  'GET /api/devices/:id/configurator/logs': {
    permission,
    scope: 'company',
    ok: 200,
    build: async (context) => ({ url: `/api/devices/${await device(context)}/configurator/logs` }),
  },
  'GET /api/devices/:id/configurator/logs/:action_name': {
    permission,
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const { name, deviceId } = await action(context);
      return { url: `/api/devices/${deviceId}/configurator/logs/${name}` };
    },
  },
};
