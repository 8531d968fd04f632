import { eq } from 'drizzle-orm';
import { deviceDashboards } from '@/db/schema';
import type { AreaTable, CaseContext, RouteSpec } from '../matrix';
import { matrixDevice } from './devices';

// Device dashboards: every route names the device by path, so each probes all three targets.

let sequence = 0;

/** A fresh device of the zone with one dashboard; both names carry the zone marker. */
const dashboard = async ({ world, zone }: CaseContext) => {
  const deviceId = await matrixDevice(world.t.db, zone.company, zone.marker);
  const [row] = await world.t.db
    .insert(deviceDashboards)
    .values({
      deviceId,
      name: `dash ${zone.marker} ${++sequence}`,
      widgets: [{ id: 'w1', kind: 'chart', metric: 'signal', title: `signal ${zone.marker}` }],
    })
    .returning();
  if (!row) throw new Error('dashboard insert failed');
  const untouched = async () => {
    const [now] = await world.t.db
      .select()
      .from(deviceDashboards)
      .where(eq(deviceDashboards.id, row.id));
    return now !== undefined && now.name === row.name && now.widgets.length === 1;
  };
  return { deviceId, id: row.id, untouched };
};

const view = 'view_device_dashboard' as const;
const manage = { allOf: ['view_device_dashboard', 'update_devices'] } as const;

const one = (permission: RouteSpec['permission'], payload?: object): RouteSpec => ({
  permission,
  scope: 'company',
  ok: 200,
  build: async (context) => {
    const { deviceId, id, untouched } = await dashboard(context);
    return {
      url: `/api/devices/${deviceId}/dashboards/${id}`,
      ...(payload ? { payload } : {}),
      untouched,
    };
  },
});

export const deviceDashboardRoutes: AreaTable = {
  'GET /api/devices/:id/dashboards': {
    permission: view,
    scope: 'company',
    ok: 200,
    build: async (context) => ({
      url: `/api/devices/${(await dashboard(context)).deviceId}/dashboards`,
    }),
  },
  'POST /api/devices/:id/dashboards': {
    permission: manage,
    scope: 'company',
    ok: 201,
    build: async (context) => {
      const { deviceId } = await dashboard(context);
      const rows = () =>
        context.world.t.db
          .select()
          .from(deviceDashboards)
          .where(eq(deviceDashboards.deviceId, deviceId));
      return {
        url: `/api/devices/${deviceId}/dashboards`,
        payload: { name: 'matrix new', widgets: [{ kind: 'facts' }] },
        untouched: async () => (await rows()).length === 1,
      };
    },
  },
  'GET /api/devices/:id/dashboards/:dashboard_id': one(view),
  'PUT /api/devices/:id/dashboards/:dashboard_id': one(manage, {
    name: 'matrix renamed',
    widgets: [],
  }),
  'DELETE /api/devices/:id/dashboards/:dashboard_id': one(manage),
};
