import {
  type CreateVpnRouteBody,
  type DeleteVpnRouteBody,
  ERROR_CODES,
  LIST_MAX_LIMIT,
  VPN_DHCP_MAX_PER_TYPE,
  VPN_NETWORK_MESSAGES,
  VPN_ROUTES_MAX,
  type VpnDhcpBody,
  type VpnDhcpOption,
  type VpnRoutesQuery,
} from '@netfleet/contracts';
import { ApiError, conflict, invalid } from '@/lib/api-error';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { RunInTransaction } from '@/modules/identity/auth/session.service';
import { actorOf, type ActionLogService } from '@/modules/system/action-log/action-log.service';
import type { StatusService } from '@/modules/system/status/status.service';
import type { DeviceJoins } from './device-joins';
import type { HubApplier } from './hub-apply';
import type { HubClientsRepository } from './hub-clients.repository';
import type { HubLogsRepository, Page } from './hub-logs.repository';
import type { HubNetworkRepository, RouteRow } from './hub-network.repository';
import { checkRoute } from './hub-tunnel';
import type { HubsRepository } from './hubs.repository';
import { hubNotFound } from './hubs.service';
import { orConflict } from './unique-conflict';
import { toVpnRoute } from './vpn.mapper';

interface Deps {
  transaction: RunInTransaction;
  hubsRepository: Pick<HubsRepository, 'find' | 'lockZone' | 'zoneHubs'>;
  clientsRepository: Pick<HubClientsRepository, 'find'>;
  networkRepository: HubNetworkRepository;
  logsRepository: Pick<HubLogsRepository, 'openSessionsOfClients'>;
  joins: Pick<DeviceJoins, 'join'>;
  applier: Pick<HubApplier, 'apply' | 'statusOf'>;
  status: Pick<StatusService, 'open'>;
  actionLog: Pick<ActionLogService, 'record'>;
}

const routeNotFound = () =>
  new ApiError(404, ERROR_CODES.NOT_FOUND, VPN_NETWORK_MESSAGES.routeNotFound);

/**
 * What a hub routes and pushes. A route is a LAN behind one of the hub's device clients: the hub
 * routes it through that client and pushes it to the others; its device is sent its configuration
 * again (it must accept the LAN's traffic). DHCP options reach clients as they connect.
 */
export const createHubNetworkService = (deps: Deps) => {
  const { networkRepository, applier } = deps;

  const requireHub = async (auth: AuthContext, id: number, source: string | null = null) => {
    const hub = await deps.hubsRepository.find(auth, id);
    if (!hub) throw hubNotFound(source);
    return hub;
  };

  /** Routes with `state`: active while the client they go through is connected. */
  const present = async (rows: readonly RouteRow[]) => {
    const sessions = await deps.logsRepository.openSessionsOfClients(
      rows.map((row) => row.hubUserId),
    );
    const connected = new Set(sessions.map((session) => session.hubUserId));
    return rows.map((row) => toVpnRoute(row, connected.has(row.hubUserId)));
  };

  /** After a route changed: the hub applies it, the device learns its LANs; the answer's channel. */
  const applyRoutes = async (
    auth: AuthContext,
    hubId: number,
    deviceId: number | null,
    done: string,
  ) => {
    const joined =
      deviceId === null ? { channel: null } : await deps.joins.join(auth, hubId, [deviceId]);
    const channel = joined.channel ?? (await deps.status.open(auth.user.id));
    void applier.apply(hubId, done, { channel });
    return channel;
  };

  const record = (
    auth: AuthContext,
    ip: string,
    action: 'vpn_route_add' | 'vpn_route_remove' | 'vpn_dhcp_add' | 'vpn_dhcp_remove',
    hubId: number,
    details: Record<string, unknown>,
  ) =>
    deps.actionLog.record(actorOf(auth, ip), action, {
      entity: 'vpn_hub',
      entityId: hubId,
      details,
    });

  return {
    /** A hub's routes, one client's, or those of every hub the caller sees (RMS GET /vpn/hubs/routes). */
    async routes(auth: AuthContext, query: VpnRoutesQuery) {
      let hubId = query.vpn_hub_id;
      if (query.vpn_hub_user_id !== undefined) {
        const client = await deps.clientsRepository.find(auth, query.vpn_hub_user_id);
        if (!client || (hubId !== undefined && client.hubId !== hubId)) {
          throw new ApiError(
            404,
            ERROR_CODES.NOT_FOUND,
            'VPN hub user not found',
            'vpn_hub_user_id',
          );
        }
        hubId = client.hubId;
      }
      let rows: RouteRow[];
      if (hubId === undefined) {
        rows = await networkRepository.routesVisible(auth, LIST_MAX_LIMIT);
      } else {
        await requireHub(auth, hubId, 'vpn_hub_id');
        rows = await networkRepository.routesOfHub(hubId, query.vpn_hub_user_id);
      }
      const data = await present(rows);
      const channel = await deps.status.open(auth.user.id);
      return { channel, data };
    },

    async routesPage(auth: AuthContext, hubId: number, page: Page) {
      await requireHub(auth, hubId);
      const { rows, total } = await networkRepository.routesPage(hubId, page);
      return { data: await present(rows), total };
    },

    async addRoute(auth: AuthContext, body: CreateVpnRouteBody, ip: string) {
      const hub = await requireHub(auth, body.vpn_hub_id, 'vpn_hub_id');
      const client = await deps.clientsRepository.find(auth, body.vpn_hub_user_id);
      if (
        !client ||
        client.hubId !== hub.id ||
        client.type !== 'device' ||
        client.deviceId === null
      ) {
        throw invalid(VPN_NETWORK_MESSAGES.notDeviceClient, 'vpn_hub_user_id');
      }
      const lan = { network: body.ip_address, netmask: body.netmask };
      const id = await deps.transaction(async (tx) => {
        await deps.hubsRepository.lockZone(hub.hubZone, tx);
        const [routes, zoneHubs] = await Promise.all([
          networkRepository.routesOfHub(hub.id, undefined, tx),
          deps.hubsRepository.zoneHubs(hub.hubZone, hub.id, tx),
        ]);
        if (routes.length >= VPN_ROUTES_MAX)
          throw invalid(VPN_NETWORK_MESSAGES.tooManyRoutes, 'vpn_hub_id');
        checkRoute(lan, { hub, routes, zoneHubs }, { ip: 'ip_address', netmask: 'netmask' });
        return networkRepository.insertRoute(
          { hubId: hub.id, hubUserId: client.id, ...lan, name: body.name ?? '' },
          tx,
        );
      });
      await record(auth, ip, 'vpn_route_add', hub.id, { route_id: id, ...lan, via: client.id });
      const channel = await applyRoutes(
        auth,
        hub.id,
        client.deviceId,
        VPN_NETWORK_MESSAGES.routeAdded,
      );
      const [route] = await present(
        (await networkRepository.routesOfHub(hub.id)).filter((row) => row.id === id),
      );
      if (!route) throw routeNotFound();
      return { channel, data: route };
    },

    /** RMS repeats the route in the body: a field given must match it. */
    async removeRoute(auth: AuthContext, id: number, body: DeleteVpnRouteBody, ip: string) {
      const route = await networkRepository.findRoute(auth, id);
      if (!route) throw routeNotFound();
      if (body?.ip_address !== undefined && body.ip_address !== route.network) {
        throw invalid(VPN_NETWORK_MESSAGES.routeNotFound, 'ip_address');
      }
      if (body?.netmask !== undefined && body.netmask !== route.netmask) {
        throw invalid(VPN_NETWORK_MESSAGES.routeNotFound, 'netmask');
      }
      if (body?.vpn_hub_user_id !== undefined && body.vpn_hub_user_id !== route.hubUserId) {
        throw invalid(VPN_NETWORK_MESSAGES.routeNotFound, 'vpn_hub_user_id');
      }
      await networkRepository.deleteRoute(id);
      await record(auth, ip, 'vpn_route_remove', route.hubId, {
        route_id: id,
        network: route.network,
      });
      const client = await deps.clientsRepository.find(auth, route.hubUserId);
      const channel = await applyRoutes(
        auth,
        route.hubId,
        client?.deviceId ?? null,
        VPN_NETWORK_MESSAGES.routeRemoved,
      );
      return { channel };
    },

    async dhcp(auth: AuthContext, hubId: number) {
      const hub = await requireHub(auth, hubId);
      const running = (await applier.statusOf(hub)).state === 'running';
      const data: VpnDhcpOption[] = (await networkRepository.dhcpOfHub(hubId)).map((row) => ({
        id: row.id,
        ip: row.ip,
        type: row.type,
        state: running ? 'active' : 'pending',
      }));
      return { channel: await deps.status.open(auth.user.id), data };
    },

    async addDhcp(auth: AuthContext, hubId: number, body: VpnDhcpBody, ip: string) {
      await requireHub(auth, hubId);
      const options = await networkRepository.dhcpOfHub(hubId);
      if (options.some((option) => option.type === body.type && option.ip === body.ip_address)) {
        throw conflict(VPN_NETWORK_MESSAGES.dhcpExists, 'ip_address');
      }
      if (options.filter((option) => option.type === body.type).length >= VPN_DHCP_MAX_PER_TYPE) {
        throw invalid(VPN_NETWORK_MESSAGES.tooManyDhcp, 'type');
      }
      await orConflict(
        networkRepository.insertDhcp(hubId, body.type, body.ip_address),
        VPN_NETWORK_MESSAGES.dhcpExists,
        'ip_address',
      );
      await record(auth, ip, 'vpn_dhcp_add', hubId, { ...body });
      return { channel: await applyRoutes(auth, hubId, null, VPN_NETWORK_MESSAGES.dhcpAdded) };
    },

    async removeDhcp(auth: AuthContext, hubId: number, body: VpnDhcpBody, ip: string) {
      await requireHub(auth, hubId);
      if (!(await networkRepository.deleteDhcp(hubId, body.type, body.ip_address))) {
        throw new ApiError(
          404,
          ERROR_CODES.NOT_FOUND,
          VPN_NETWORK_MESSAGES.dhcpNotFound,
          'ip_address',
        );
      }
      await record(auth, ip, 'vpn_dhcp_remove', hubId, { ...body });
      return { channel: await applyRoutes(auth, hubId, null, VPN_NETWORK_MESSAGES.dhcpRemoved) };
    },
  };
};

export type HubNetworkService = ReturnType<typeof createHubNetworkService>;
