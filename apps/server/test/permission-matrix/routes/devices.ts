import { eq, inArray } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { deviceCredits, deviceDataPacks, deviceLogs, devices } from '@/db/schema';
import type { CompanyRow } from '@/db/types';
import type { AreaTable, CaseContext, RouteSpec } from '../matrix';

let sequence = 0;

/** A device of the company whose name carries the zone marker, with one connection log row. */
export const matrixDevice = async (db: Database, company: CompanyRow, marker: string) => {
  sequence += 1;
  const [row] = await db
    .insert(devices)
    .values({
      companyId: company.id,
      name: `device ${marker} ${sequence}`,
      serial: `MX${company.id}N${sequence}`,
      mac: `02:00:00:00:${(sequence >> 8).toString(16).padStart(2, '0')}:${(sequence & 255).toString(16).padStart(2, '0')}`,
      deviceSeries: 'rut',
      status: 1,
    })
    .returning({ id: devices.id });
  if (!row) throw new Error('device insert failed');
  await db.insert(deviceLogs).values({ deviceId: row.id, code: 0 });
  return row.id;
};

const fresh = (context: CaseContext) =>
  matrixDevice(context.world.t.db, context.zone.company, context.zone.marker);
const deviceName = async (context: CaseContext, id: number) =>
  (await context.world.t.db.select().from(devices).where(eq(devices.id, id)))[0]?.name ?? null;
const exists = async (context: CaseContext, id: number) => (await deviceName(context, id)) !== null;

const read = (permission: RouteSpec['permission'], path: string): RouteSpec => ({
  permission,
  scope: 'company',
  ok: 200,
  build: async (context) => ({ url: `/api/devices/${await fresh(context)}${path}` }),
});
const list = (permission: RouteSpec['permission'], url: string): RouteSpec => ({
  permission,
  scope: 'caller',
  ok: 200,
  build: async () => ({ url }),
});
const aggregate = (permission: RouteSpec['permission'], url: string): RouteSpec => ({
  ...list(permission, url),
  scope: 'global',
});
const bulk = (
  permission: RouteSpec['permission'],
  method: string,
  url: string,
  body: (id: number, context: CaseContext) => object,
): RouteSpec => ({
  permission,
  scope: 'company',
  ok: 200,
  // A device out of reach is a per-item error of a 207, never a change.
  hidden: 207,
  build: async (context) => {
    const id = await fresh(context);
    const before = await deviceName(context, id);
    return {
      url,
      payload: body(id, context),
      untouched: async () =>
        method === 'DELETE'
          ? await exists(context, id)
          : (await deviceName(context, id)) === before,
    };
  },
});

export const deviceRoutes: AreaTable = {
  'GET /api/devices': list('view_devices', '/api/devices'),
  'GET /api/devices/export/csv': list('view_devices', '/api/devices/export/csv'),
  // Aggregates and log rows name no zone; their scoping is tested in devices-list.test.ts,
  // devices-history.test.ts and devices-usage.test.ts.
  'GET /api/devices/logs': aggregate('view_device_logs', '/api/devices/logs'),
  'GET /api/devices/statistics': aggregate('view_devices', '/api/devices/statistics'),
  'GET /api/statistics/devices/online': aggregate(
    'view_statistics',
    '/api/statistics/devices/online',
  ),
  'GET /api/devices/:id': read('view_devices', ''),
  'GET /api/devices/:id/logs': read('view_device_logs', '/logs'),
  'GET /api/devices/:id/information/:type': read('view_devices', '/information/dynamic'),
  'GET /api/devices/:id/information-history': read('view_devices', '/information-history'),
  'GET /api/devices/:id/information-history/parameter': read(
    'view_devices',
    '/information-history/parameter?parameter=uptime',
  ),
  'GET /api/devices/:id/information-history/datetimes': read(
    'view_devices',
    '/information-history/datetimes',
  ),
  'GET /api/devices/:id/data-usage': read('view_devices', '/data-usage'),
  'GET /api/devices/:id/locations/history': read('view_devices', '/locations/history'),
  'POST /api/devices': {
    permission: 'create_devices',
    scope: 'company',
    ok: 201,
    build: async (context) => {
      const serial = `MXNEW${++sequence}`;
      return {
        url: '/api/devices',
        payload: { company_id: context.zone.company.id, serial, mac: '02:11:22:33:44:55' },
        untouched: async () =>
          (await context.world.t.db.select().from(devices).where(eq(devices.serial, serial)))
            .length === 0,
      };
    },
  },
  'POST /api/devices/:id/claim-secret': {
    permission: 'update_devices',
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const id = await fresh(context);
      const hash = async () =>
        (await context.world.t.db.select().from(devices).where(eq(devices.id, id)))[0]
          ?.claimSecretHash ?? null;
      const before = await hash();
      return {
        url: `/api/devices/${id}/claim-secret`,
        untouched: async () => (await hash()) === before,
      };
    },
  },
  'PUT /api/devices/:id': {
    permission: 'update_devices',
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const id = await fresh(context);
      const before = await deviceName(context, id);
      return {
        url: `/api/devices/${id}`,
        payload: { name: `renamed ${context.zone.marker}` },
        untouched: async () => (await deviceName(context, id)) === before,
      };
    },
  },
  'DELETE /api/devices': bulk('delete_devices', 'DELETE', '/api/devices', (id) => ({
    device_id: [id],
  })),
  'POST /api/devices/move': bulk('update_devices', 'POST', '/api/devices/move', (id, context) => ({
    device_id: [id],
    company_id: context.home.company.id,
  })),
  'POST /api/devices/move/': bulk(
    'update_devices',
    'POST',
    '/api/devices/move/',
    (id, context) => ({
      device_id: [id],
      company_id: context.home.company.id,
    }),
  ),
  // The zones' companies are free: enabling spends nothing there, but still writes the device's
  // credit row, which a device out of reach (404, the only item) must never get.
  'PUT /api/devices/credit': {
    permission: 'update_device_credit_status',
    scope: 'company',
    ok: 201,
    build: async (context) => {
      const id = await fresh(context);
      return {
        url: '/api/devices/credit',
        payload: { credit_type_id: 2, data: [{ device_id: id, credit_enabled: 1 }] },
        untouched: async () =>
          (
            await context.world.t.db
              .select()
              .from(deviceCredits)
              .where(eq(deviceCredits.deviceId, id))
          ).length === 0,
      };
    },
  },
  // The zones hold no data pack credits: a visible device is refused (422, too few) after it was
  // found, one out of reach is not found (404), and neither ever gets a pack.
  'PUT /api/devices/data-pack': {
    permission: 'update_device_credit_status',
    scope: 'company',
    ok: 422,
    build: async (context) => {
      const id = await fresh(context);
      return {
        url: '/api/devices/data-pack',
        payload: { credit_type_id: 14, data: [{ device_id: id }] },
        untouched: async () =>
          (
            await context.world.t.db
              .select()
              .from(deviceDataPacks)
              .where(eq(deviceDataPacks.deviceId, id))
          ).length === 0,
      };
    },
  },
  // The zones' companies are free, so a visible pair is refused (422: the target's company needs
  // no resources) after both devices were found; a pair out of reach is not found (404), and
  // neither device ever gets a credit row.
  'POST /api/devices/credits/move': {
    permission: 'move_devices_credits',
    scope: 'company',
    ok: 422,
    build: async (context) => {
      const source = await fresh(context);
      const target = await fresh(context);
      return {
        url: '/api/devices/credits/move',
        payload: { source_device_id: source, target_device_id: target },
        untouched: async () =>
          (
            await context.world.t.db
              .select()
              .from(deviceCredits)
              .where(inArray(deviceCredits.deviceId, [source, target]))
          ).length === 0,
      };
    },
  },
  // Without a file the import is refused before any company is named.
  'POST /api/devices/import': { ...list('create_devices', '/api/devices/import'), ok: 422 },
  ...Object.fromEntries(
    (['assign', 'unassign', 'overwrite'] as const).map((action) => [
      `PUT /api/devices/tags/${action}`,
      bulk('update_devices', 'PUT', `/api/devices/tags/${action}`, (id, context) => ({
        data: [{ device_id: id, tag_id: context.zone.tagId }],
      })),
    ]),
  ),
};
