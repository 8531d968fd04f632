import type { AreaTable, CaseContext, RouteSpec } from '../matrix';
import {
  clientRow,
  customClient,
  adminOf,
  freshMember,
  nextSequence,
  validClients,
  vpnDevice,
  zoneVpn,
} from './vpn-world';

// A hub's clients: devices joining and leaving, console and custom users, their addressing, and
// the profiles (which hand out private keys, so they take manage_vpn_hubs even to read).

const manage = 'manage_vpn_hubs' as const;

const noClient = (context: CaseContext, commonName: string) => async () =>
  (await validClients(context.world.t.db, { hubId: zoneVpn(context).hubId, commonName })).length ===
  0;

/** A change of a member device of the zone's hub, which must stay as it was when refused. */
const onMember = (
  method: 'POST' | 'DELETE',
  path: (hubId: number, deviceId: number) => string,
  payload: (deviceId: number) => object | undefined,
  state: (client: Awaited<ReturnType<typeof clientRow>>) => unknown,
): RouteSpec => ({
  permission: manage,
  scope: 'company',
  ok: 200,
  build: async (context) => {
    const [deviceId, clientId] = await freshMember(context);
    const before = JSON.stringify(state(await clientRow(context.world.t.db, clientId)));
    const body = payload(deviceId);
    return {
      url: path(zoneVpn(context).hubId, deviceId),
      ...(body ? { payload: body } : method === 'POST' ? { payload: {} } : {}),
      untouched: async () =>
        JSON.stringify(state(await clientRow(context.world.t.db, clientId))) === before,
    };
  },
});

/** A change of the zone's custom user (or of a fresh one when `fresh`). */
const onClient = (
  path: string,
  payload: object | undefined,
  fresh = false,
  method = 'POST',
): RouteSpec => ({
  permission: manage,
  scope: 'company',
  ok: 200,
  build: async (context) => {
    const id = fresh
      ? await customClient(adminOf(context), zoneVpn(context).hubId, `f${nextSequence()}`)
      : zoneVpn(context).clientId;
    const before = JSON.stringify(await clientRow(context.world.t.db, id));
    return {
      url: `/api/vpn/hubs/users/${id}${path}`,
      ...(payload ? { payload } : method === 'POST' ? { payload: {} } : {}),
      untouched: async () => JSON.stringify(await clientRow(context.world.t.db, id)) === before,
    };
  },
});

export const vpnClientRoutes: AreaTable = {
  'POST /api/vpn/hubs/:id/devices': {
    permission: manage,
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const device = await vpnDevice(context.world.t.db, context.zone.company, context.zone.marker);
      return {
        url: `/api/vpn/hubs/${zoneVpn(context).hubId}/devices`,
        payload: { device_id: [device] },
        untouched: noClient(context, `device-${device}`),
      };
    },
  },
  'DELETE /api/vpn/hubs/:id/devices': onMember(
    'DELETE',
    (hubId) => `/api/vpn/hubs/${hubId}/devices`,
    (deviceId) => ({ device_id: [deviceId] }),
    (client) => client?.revokedAt,
  ),
  'POST /api/vpn/hubs/:id/devices/:device_id/rules': onMember(
    'POST',
    (hubId, deviceId) => `/api/vpn/hubs/${hubId}/devices/${deviceId}/rules`,
    () => ({ network: 'wan', status: true }),
    (client) => client?.forwardWan,
  ),
  'POST /api/vpn/hubs/:id/devices/:device_id/sync': onMember(
    'POST',
    (hubId, deviceId) => `/api/vpn/hubs/${hubId}/devices/${deviceId}/sync`,
    () => undefined,
    (client) => client?.updatedAt.getTime(),
  ),
  'GET /api/vpn/hubs/users': {
    permission: 'view_vpn_hubs',
    scope: 'caller',
    ok: 200,
    build: async () => ({ url: '/api/vpn/hubs/users' }),
  },
  'POST /api/vpn/hubs/users': {
    permission: manage,
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const user = await context.world.fresh.user(context.zone.company);
      return {
        url: '/api/vpn/hubs/users',
        payload: { vpn_hub_id: zoneVpn(context).hubId, user_id: user.id },
        untouched: noClient(context, `user-${user.id}`),
      };
    },
  },
  'POST /api/vpn/hubs/users/custom': {
    permission: manage,
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const username = `c${nextSequence()}`;
      return {
        url: '/api/vpn/hubs/users/custom',
        payload: { vpn_hub_id: zoneVpn(context).hubId, username },
        untouched: noClient(context, `custom-${username}`),
      };
    },
  },
  'DELETE /api/vpn/hubs/users/:id': onClient('', undefined, true, 'DELETE'),
  'POST /api/vpn/hubs/users/:id': onClient('', { mode: 'static' }),
  'POST /api/vpn/hubs/users/:id/toggle': onClient('/toggle', { enabled: true }),
  'GET /api/vpn/hubs/users/:id/profile': {
    permission: manage,
    scope: 'company',
    ok: 200,
    build: async (context) => ({ url: `/api/vpn/hubs/users/${zoneVpn(context).clientId}/profile` }),
  },
  'GET /api/vpn/hubs/users/config': {
    permission: manage,
    scope: 'company',
    ok: 200,
    build: async (context) => ({
      url: `/api/vpn/hubs/users/config?vpn_hub_users=${zoneVpn(context).clientId}`,
    }),
  },
  'GET /api/vpn/quick-hubs/:id/users/config': {
    permission: manage,
    scope: 'company',
    ok: 200,
    build: async (context) => ({
      url: `/api/vpn/quick-hubs/${zoneVpn(context).hubId}/users/config`,
    }),
  },
  'POST /api/vpn/hubs/:id/quick-connect': {
    permission: manage,
    scope: 'company',
    ok: 201,
    build: async (context) => {
      const username = `q${nextSequence()}`;
      return {
        url: `/api/vpn/hubs/${zoneVpn(context).hubId}/quick-connect`,
        payload: { username, expires_in: 3600 },
        untouched: noClient(context, `custom-${username}`),
      };
    },
  },
};
