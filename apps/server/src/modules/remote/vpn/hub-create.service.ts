import {
  type CreateQuickHubBody,
  type CreateVpnHubBody,
  ERROR_CODES,
  VPN_CLIENT_MESSAGES,
  VPN_HUB_MESSAGES,
} from '@netfleet/contracts';
import type { Transaction } from '@/db/client';
import { ApiError, conflict } from '@/lib/api-error';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { RunInTransaction } from '@/modules/identity/auth/session.service';
import { actorOf, type ActionLogService } from '@/modules/system/action-log/action-log.service';
import type { StatusService } from '@/modules/system/status/status.service';
import { checkJoinable, deviceCommonName, type DeviceJoins } from './device-joins';
import type { HubApplier } from './hub-apply';
import type { HubCertificates } from './hub-certificates';
import { checkInHubCompany } from './hub-company';
import type { HubKeys } from './hub-keys';
import type { HubNetworkRepository } from './hub-network.repository';
import { checkRoute, checkZone, resolveTunnel } from './hub-tunnel';
import type { HubZonesRepository } from './hub-zones.repository';
import type { HubsRepository } from './hubs.repository';
import { orConflict } from './unique-conflict';
import type { VpnTargetsRepository } from './vpn-targets.repository';

interface Deps {
  transaction: RunInTransaction;
  hubsRepository: HubsRepository;
  zonesRepository: Pick<HubZonesRepository, 'byName'>;
  networkRepository: Pick<HubNetworkRepository, 'insertRoute'>;
  targetsRepository: VpnTargetsRepository;
  keys: HubKeys;
  certificates: HubCertificates;
  joins: DeviceJoins;
  applier: Pick<HubApplier, 'apply'>;
  status: Pick<StatusService, 'open'>;
  actionLog: Pick<ActionLogService, 'record'>;
  now: () => Date;
  portRange: { min: number; max: number };
}

interface NewHub {
  name: string;
  companyId: number;
  description: string;
  zone: string;
  vpnType: CreateVpnHubBody['vpn_type'];
  protocol: CreateVpnHubBody['protocol'];
  network: string | undefined;
  netmask: string | undefined;
  port: number | undefined;
  tagIds: readonly number[];
  quickHub: boolean;
}

const notFound = (message: string, source: string) =>
  new ApiError(404, ERROR_CODES.NOT_FOUND, message, source);

/**
 * Making hubs: a hub (POST /vpn/hubs) and a quick hub with its device endpoint (POST
 * /vpn/hubs/connect). Everything is checked first; the hub, its PKI, tags, first client and routes
 * are written in one transaction; the runtime starts it after the commit.
 */
export const createHubCreateService = (deps: Deps) => {
  const { hubsRepository, targetsRepository } = deps;

  /** The hub's company, seen by the caller, and its tags, of that company's subtree. */
  const checkOwnership = async (
    auth: AuthContext,
    companyId: number,
    tagIds: readonly number[],
  ) => {
    const company = await targetsRepository.company(auth, companyId);
    if (!company) throw notFound(VPN_HUB_MESSAGES.companyNotFound, 'company_id');
    const hub = { companyPath: company.path };
    const visible = await targetsRepository.tags(auth, tagIds);
    tagIds.forEach((id, index) => {
      const tag = visible.get(id);
      if (!tag) throw notFound(VPN_HUB_MESSAGES.tagNotFound, `tag_id.${index}`);
      checkInHubCompany(hub, tag, VPN_HUB_MESSAGES.tagOutsideHubCompany, `tag_id.${index}`);
    });
    return hub;
  };

  /** Inserts the hub under its zone's lock; returns its id and subnet. */
  const insertHub = async (tx: Transaction, auth: AuthContext, hub: NewHub) => {
    await hubsRepository.lockZone(hub.zone, tx);
    await checkZone(hub.zone, deps.zonesRepository, tx);
    if (await hubsRepository.nameTaken(hub.companyId, hub.name, null, tx)) {
      throw conflict(VPN_HUB_MESSAGES.duplicateName, 'name');
    }
    const zoneHubs = await hubsRepository.zoneHubs(hub.zone, null, tx);
    const tunnel = resolveTunnel(
      { network: hub.network, netmask: hub.netmask, port: hub.port },
      { zoneHubs, routes: [], clients: [], portRange: deps.portRange },
    );
    const at = deps.now();
    const id = await hubsRepository.insert(
      {
        companyId: hub.companyId,
        name: hub.name,
        description: hub.description,
        quickHub: hub.quickHub,
        vpnType: hub.vpnType,
        protocol: hub.protocol ?? 'udp',
        ...tunnel,
        hubZone: hub.zone,
        startTime: hub.quickHub ? at : null,
        ...(await deps.keys.createHub()),
        createdBy: auth.user.id,
      },
      tx,
    );
    await hubsRepository.setTags(id, hub.tagIds, tx);
    return { id, tunnel, zoneHubs };
  };

  // Two hubs of one company named alike at once: the index tells the second.
  const inTransaction = <T>(fn: (tx: Transaction) => Promise<T>) =>
    orConflict(deps.transaction(fn), VPN_HUB_MESSAGES.duplicateName, 'name');

  const record = (auth: AuthContext, ip: string, id: number, details: Record<string, unknown>) =>
    deps.actionLog.record(actorOf(auth, ip), 'vpn_hub_create', {
      entity: 'vpn_hub',
      entityId: id,
      details,
    });

  return {
    async create(auth: AuthContext, body: CreateVpnHubBody, ip: string) {
      const companyId = body.company_id ?? auth.company.id;
      await checkOwnership(auth, companyId, body.tag_id);
      const { id, tunnel } = await inTransaction((tx) =>
        insertHub(tx, auth, {
          name: body.name,
          companyId,
          description: body.description,
          zone: body.hub_zone,
          vpnType: body.vpn_type,
          protocol: body.protocol,
          network: body.ip,
          netmask: body.netmask,
          port: body.port,
          tagIds: body.tag_id,
          quickHub: false,
        }),
      );
      await record(auth, ip, id, { name: body.name, ...tunnel });
      const channel = await deps.status.open(auth.user.id);
      void deps.applier.apply(id, VPN_HUB_MESSAGES.created, { channel });
      return { id, channel };
    },

    /** A quick hub: the endpoint device joins, its LANs are routed through it. */
    async createQuick(auth: AuthContext, body: CreateQuickHubBody, ip: string) {
      const owner = await checkOwnership(auth, body.company_id, body.tag_id);
      const deviceId = body.endpoint.device_id;
      const devices = await targetsRepository.devices(auth, [deviceId]);
      const device = checkJoinable(devices.get(deviceId), 'endpoint.device_id');
      checkInHubCompany(
        owner,
        device,
        VPN_CLIENT_MESSAGES.deviceOutsideHubCompany,
        'endpoint.device_id',
      );
      const { id } = await inTransaction(async (tx) => {
        const hub = await insertHub(tx, auth, {
          name: body.hub_name,
          companyId: body.company_id,
          description: body.description,
          zone: body.hub_zone,
          vpnType: body.vpn_type,
          protocol: undefined,
          network: undefined,
          netmask: undefined,
          port: undefined,
          tagIds: body.tag_id,
          quickHub: true,
        });
        const clientId = await deps.certificates.issueOne(tx, hub.id, {
          type: 'device',
          deviceId,
          commonName: deviceCommonName(deviceId),
          createdBy: auth.user.id,
        });
        const routes: { network: string; netmask: string }[] = [];
        for (const [index, route] of body.endpoint.routes.entries()) {
          const lan = { network: route.ip, netmask: route.netmask };
          const source = `endpoint.routes.${index}`;
          checkRoute(
            lan,
            { hub: hub.tunnel, routes, zoneHubs: hub.zoneHubs },
            { ip: `${source}.ip`, netmask: `${source}.netmask` },
          );
          routes.push(lan);
          await deps.networkRepository.insertRoute(
            { hubId: hub.id, hubUserId: clientId, ...lan, name: route.name },
            tx,
          );
        }
        return hub;
      });
      await record(auth, ip, id, { name: body.hub_name, quick_hub: true, device_id: deviceId });
      const joined = await deps.joins.join(auth, id, [deviceId]);
      const channel = joined.channel ?? (await deps.status.open(auth.user.id));
      void deps.applier.apply(id, VPN_HUB_MESSAGES.created, { channel });
      return { id, channel };
    },
  };
};

export type HubCreateService = ReturnType<typeof createHubCreateService>;
