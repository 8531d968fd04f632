import { eq } from 'drizzle-orm';
import { vpnHubs, vpnHubZones } from '@/db/schema';
import { matrixDevice } from './devices';
import type { AreaTable, CaseContext, RouteSpec } from '../matrix';
import {
  adminPost,
  adminOf,
  dhcpRows,
  freshHub,
  freshHubZone,
  freshMember,
  hubRow,
  hubZoneRow,
  nextSequence,
  routeRows,
  vpnDevice,
  zoneVpn,
} from './vpn-world';

// VPN hubs themselves, their routes and DHCP options, and what they report. The matrix world runs
// no hub runtime: changes are stored and their channel says the host runs none.

const view = 'view_vpn_hubs' as const;
const manage = 'manage_vpn_hubs' as const;

/** A read of the zone's standing hub. */
const onHub = (path: string): RouteSpec => ({
  permission: view,
  scope: 'company',
  ok: 200,
  build: async (context) => ({ url: `/api/vpn/hubs/${zoneVpn(context).hubId}${path}` }),
});

const global = (url: string): RouteSpec => ({
  permission: view,
  scope: 'global',
  ok: 200,
  build: async () => ({ url }),
});

/** A change of the zone's hub, compared before and after by `state`. */
const changeHub = (
  method: string,
  path: string,
  payload: object,
  state: (row: typeof vpnHubs.$inferSelect | null) => unknown,
): RouteSpec => ({
  permission: manage,
  scope: 'company',
  ok: 200,
  build: async (context) => {
    const id = zoneVpn(context).hubId;
    const before = JSON.stringify(state(await hubRow(context.world.t.db, id)));
    return {
      url: `/api/vpn/hubs/${id}${path}`,
      payload,
      untouched: async () => JSON.stringify(state(await hubRow(context.world.t.db, id))) === before,
    };
  },
});

const hubNamed = async (context: CaseContext, name: string) =>
  (await context.world.t.db.select().from(vpnHubs).where(eq(vpnHubs.name, name))).length;

export const vpnHubRoutes: AreaTable = {
  'GET /api/vpn/hubs': {
    permission: view,
    scope: 'caller',
    ok: 200,
    build: async () => ({ url: '/api/vpn/hubs' }),
  },
  'POST /api/vpn/hubs': {
    permission: manage,
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const name = `new hub ${context.zone.marker} ${nextSequence()}`;
      return {
        url: '/api/vpn/hubs',
        payload: { name, company_id: context.zone.company.id },
        untouched: async () => (await hubNamed(context, name)) === 0,
      };
    },
  },
  'POST /api/vpn/hubs/connect': {
    permission: manage,
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const name = `quick ${context.zone.marker} ${nextSequence()}`;
      const device = await vpnDevice(context.world.t.db, context.zone.company, context.zone.marker);
      return {
        url: '/api/vpn/hubs/connect',
        payload: {
          company_id: context.zone.company.id,
          hub_name: name,
          endpoint: { device_id: device },
        },
        untouched: async () => (await hubNamed(context, name)) === 0,
      };
    },
  },
  'DELETE /api/vpn/hubs': {
    permission: manage,
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const id = await freshHub(context);
      return {
        url: '/api/vpn/hubs',
        payload: { id: [id] },
        untouched: async () => (await hubRow(context.world.t.db, id)) !== null,
      };
    },
  },
  'GET /api/vpn/hubs/zones': global('/api/vpn/hubs/zones'),
  'GET /api/vpn/hubs/host': global('/api/vpn/hubs/host'),
  // Zones are shared by every company: only the super admin changes them.
  'POST /api/vpn/hubs/zones': {
    permission: 'super_admin',
    scope: 'global',
    ok: 201,
    build: async (context) => {
      const { db } = context.world.t;
      const deviceId = await matrixDevice(db, context.zone.company, context.zone.marker);
      const name = `new-zone-${nextSequence()}`;
      return {
        url: '/api/vpn/hubs/zones',
        payload: { name, device_id: deviceId, host: 'hub.example.net' },
        untouched: async () =>
          (await db.select().from(vpnHubZones).where(eq(vpnHubZones.name, name))).length === 0,
      };
    },
  },
  'PUT /api/vpn/hubs/zones/:id': {
    permission: 'super_admin',
    scope: 'global',
    ok: 200,
    build: async (context) => {
      const zone = await freshHubZone(context);
      return {
        url: `/api/vpn/hubs/zones/${zone.id}`,
        payload: { host: 'other.example.net' },
        untouched: async () =>
          (await hubZoneRow(context.world.t.db, zone.id))?.host === 'hub.example.net',
      };
    },
  },
  'DELETE /api/vpn/hubs/zones/:id': {
    permission: 'super_admin',
    scope: 'global',
    ok: 200,
    build: async (context) => {
      const zone = await freshHubZone(context);
      return {
        url: `/api/vpn/hubs/zones/${zone.id}`,
        untouched: async () => (await hubZoneRow(context.world.t.db, zone.id)) !== null,
      };
    },
  },
  'GET /api/vpn/hubs/:id': onHub(''),
  'GET /api/vpn/hubs/:id/info': onHub('/info'),
  'GET /api/vpn/hubs/:id/sessions': onHub('/sessions'),
  'GET /api/vpn/hubs/:id/logs': onHub('/logs?start_date=2030-01-01&end_date=2030-01-31'),
  'GET /api/vpn/hubs/:id/logs/user-connections': onHub('/logs/user-connections'),
  'GET /api/vpn/hubs/:id/data-usage': onHub('/data-usage'),
  'GET /api/vpn/hubs/:id/dhcp': onHub('/dhcp'),
  'GET /api/vpn/hubs/:id/downloads': onHub('/downloads'),
  'GET /api/vpn/hubs/:id/clients': onHub('/clients'),
  'GET /api/vpn/hubs/:id/devices/rules': onHub('/devices/rules'),
  'GET /api/vpn/quick-hubs/:id/routes': {
    ...onHub(''),
    build: async (context) => ({ url: `/api/vpn/quick-hubs/${zoneVpn(context).hubId}/routes` }),
  },
  'GET /api/vpn/hubs/:id/users/:hub_user_id/logs': {
    ...onHub(''),
    build: async (context) => {
      const { hubId, clientId } = zoneVpn(context);
      return { url: `/api/vpn/hubs/${hubId}/users/${clientId}/logs` };
    },
  },
  'PUT /api/vpn/hubs/:id': changeHub(
    'PUT',
    '',
    { description: 'changed' },
    (row) => row?.description,
  ),
  'PUT /api/vpn/hubs/:id/toggle': changeHub(
    'PUT',
    '/toggle',
    { enabled: true, duration: 3600 },
    (row) => row?.endTime?.getTime(),
  ),
  'PUT /api/vpn/hubs/:id/settings': changeHub(
    'PUT',
    '/settings',
    { protocol: 'tcp' },
    (row) => row?.protocol,
  ),
  'GET /api/vpn/hubs/routes': {
    permission: view,
    scope: 'company',
    ok: 200,
    build: async (context) => ({
      url: `/api/vpn/hubs/routes?vpn_hub_id=${zoneVpn(context).hubId}`,
    }),
  },
  'POST /api/vpn/hubs/routes': {
    permission: manage,
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const [, client] = await freshMember(context);
      const { hubId } = zoneVpn(context);
      const network = `10.${100 + (nextSequence() % 100)}.${nextSequence() % 250}.0`;
      return {
        url: '/api/vpn/hubs/routes',
        payload: {
          vpn_hub_id: hubId,
          vpn_hub_user_id: client,
          ip_address: network,
          netmask: '255.255.255.0',
        },
        untouched: async () =>
          !(await routeRows(context.world.t.db, hubId)).some((route) => route.network === network),
      };
    },
  },
  'DELETE /api/vpn/hubs/routes/:id': {
    permission: manage,
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const [, client] = await freshMember(context);
      const { hubId } = zoneVpn(context);
      const network = `10.${100 + (nextSequence() % 100)}.${nextSequence() % 250}.0`;
      await adminPost(adminOf(context), '/api/vpn/hubs/routes', {
        vpn_hub_id: hubId,
        vpn_hub_user_id: client,
        ip_address: network,
        netmask: '255.255.255.0',
      });
      const route = (await routeRows(context.world.t.db, hubId)).find((r) => r.network === network);
      return {
        url: `/api/vpn/hubs/routes/${route?.id ?? 0}`,
        untouched: async () =>
          (await routeRows(context.world.t.db, hubId)).some((r) => r.id === route?.id),
      };
    },
  },
  'POST /api/vpn/hubs/:id/dhcp': {
    permission: manage,
    scope: 'company',
    ok: 200,
    build: async (context) => {
      // A hub of its own: each hub takes only a few options of a type.
      const id = await freshHub(context);
      return {
        url: `/api/vpn/hubs/${id}/dhcp`,
        payload: { ip_address: '10.8.0.1', type: 'DNS' },
        untouched: async () => (await dhcpRows(context.world.t.db, id)).length === 0,
      };
    },
  },
  'DELETE /api/vpn/hubs/:id/dhcp': {
    permission: manage,
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const id = await freshHub(context);
      const option = { ip_address: '10.8.0.1', type: 'WINS' };
      await adminPost(adminOf(context), `/api/vpn/hubs/${id}/dhcp`, option);
      return {
        url: `/api/vpn/hubs/${id}/dhcp`,
        payload: option,
        untouched: async () => (await dhcpRows(context.world.t.db, id)).length === 1,
      };
    },
  },
  'GET /api/devices/device-vpn-status': {
    permission: { allOf: ['view_devices', view] },
    scope: 'caller',
    ok: 200,
    build: async () => ({ url: '/api/devices/device-vpn-status' }),
  },
};
