import {
  VPN_CLIENT_MESSAGES,
  type VpnDeviceRuleBody,
  type VpnDeviceRules,
} from '@netfleet/contracts';
import { conflict, invalid } from '@/lib/api-error';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { RunInTransaction } from '@/modules/identity/auth/session.service';
import { actorOf, type ActionLogService } from '@/modules/system/action-log/action-log.service';
import type { StatusService } from '@/modules/system/status/status.service';
import { checkJoinable, deviceCommonName, type DeviceJoins } from './device-joins';
import type { HubApplier } from './hub-apply';
import type { HubCertificates } from './hub-certificates';
import type { ClientRow, HubClientsRepository } from './hub-clients.repository';
import { checkInHubCompany } from './hub-company';
import { checkRoom } from './hub-room';
import type { HubsRepository } from './hubs.repository';
import { hubNotFound } from './hubs.service';
import { orConflict } from './unique-conflict';
import type { VpnTargetsRepository } from './vpn-targets.repository';

interface Deps {
  transaction: RunInTransaction;
  hubsRepository: Pick<HubsRepository, 'find'>;
  clientsRepository: Pick<HubClientsRepository, 'ofHub' | 'update'>;
  targetsRepository: Pick<VpnTargetsRepository, 'devices'>;
  certificates: HubCertificates;
  joins: DeviceJoins;
  applier: Pick<HubApplier, 'apply' | 'disconnect'>;
  status: Pick<StatusService, 'open' | 'publish'>;
  actionLog: Pick<ActionLogService, 'record'>;
  now: () => Date;
}

/**
 * Devices as hub clients (RMS POST/DELETE /vpn/hubs/{id}/devices, device rules, sync). A device
 * that joins gets a certificate and its profile through a `vpn_join` job; one that leaves is
 * revoked (the CRL lists it, its session ends) and told `vpn_leave`. All or none per request.
 */
export const createHubDevicesService = (deps: Deps) => {
  const { clientsRepository, applier } = deps;

  const requireHub = async (auth: AuthContext, id: number) => {
    const hub = await deps.hubsRepository.find(auth, id);
    if (!hub) throw hubNotFound();
    return hub;
  };

  /** The hub's clients for these devices, each required (422 naming the device otherwise). */
  const requireMembers = async (hubId: number, deviceIds: readonly number[]) => {
    const clients = await clientsRepository.ofHub(hubId, deviceIds);
    const byDevice = new Map(clients.map((client) => [client.deviceId, client]));
    return deviceIds.map((deviceId, index) => {
      const client = byDevice.get(deviceId);
      if (!client) throw invalid(VPN_CLIENT_MESSAGES.notClient, `device_id.${index}`);
      return client;
    });
  };

  /** The jobs' channel, or a new one when no job went out. */
  const channelOf = async (auth: AuthContext, queued: { channel: string | null }) =>
    queued.channel ?? (await deps.status.open(auth.user.id));

  const record = (
    auth: AuthContext,
    ip: string,
    action: 'vpn_client_add' | 'vpn_client_update' | 'vpn_client_remove',
    hubId: number,
    details: Record<string, unknown>,
  ) =>
    deps.actionLog.record(actorOf(auth, ip), action, {
      entity: 'vpn_hub',
      entityId: hubId,
      details,
    });

  const requireMember = async (auth: AuthContext, hubId: number, deviceId: number) => {
    await requireHub(auth, hubId);
    const [client] = await clientsRepository.ofHub(hubId, [deviceId]);
    if (!client) throw invalid(VPN_CLIENT_MESSAGES.notClient, 'device_id');
    return client;
  };

  return {
    async add(auth: AuthContext, hubId: number, deviceIds: readonly number[], ip: string) {
      const hub = await requireHub(auth, hubId);
      const unique = [...new Set(deviceIds)];
      const devices = await deps.targetsRepository.devices(auth, unique);
      unique.forEach((id, index) => {
        const source = `device_id.${index}`;
        const device = checkJoinable(devices.get(id), source);
        checkInHubCompany(hub, device, VPN_CLIENT_MESSAGES.deviceOutsideHubCompany, source);
      });
      const clients = await clientsRepository.ofHub(hubId);
      const index = unique.findIndex((id) => clients.some((client) => client.deviceId === id));
      if (index >= 0) throw conflict(VPN_CLIENT_MESSAGES.alreadyClient, `device_id.${index}`);
      checkRoom(hub, clients.length + unique.length, 'device_id');
      const issuing = deps.transaction((tx) =>
        deps.certificates.issue(
          tx,
          hubId,
          unique.map((deviceId) => ({
            type: 'device' as const,
            deviceId,
            commonName: deviceCommonName(deviceId),
            createdBy: auth.user.id,
          })),
        ),
      );
      await orConflict(issuing, VPN_CLIENT_MESSAGES.alreadyClient, 'device_id');
      await record(auth, ip, 'vpn_client_add', hubId, { device_id: unique });
      const channel = await channelOf(auth, await deps.joins.join(auth, hubId, unique));
      void applier.apply(hubId, VPN_CLIENT_MESSAGES.added, { channel });
      return { channel };
    },

    async remove(auth: AuthContext, hubId: number, deviceIds: readonly number[], ip: string) {
      await requireHub(auth, hubId);
      const unique = [...new Set(deviceIds)];
      const clients = await requireMembers(hubId, unique);
      await deps.transaction((tx) =>
        deps.certificates.revoke(
          tx,
          hubId,
          clients.map((client) => client.id),
          deps.now(),
        ),
      );
      await record(auth, ip, 'vpn_client_remove', hubId, { device_id: unique });
      const channel = await channelOf(auth, await deps.joins.leave(auth, hubId, unique));
      void applier.apply(hubId, VPN_CLIENT_MESSAGES.removed, { channel });
      void applier.disconnect(
        hubId,
        clients.map((client) => client.commonName),
      );
      return { channel };
    },

    /** Forwarding rules of the hub's devices (all, or these), answered at once and on a channel. */
    async rules(auth: AuthContext, hubId: number, deviceIds: readonly number[] | undefined) {
      await requireHub(auth, hubId);
      const clients = await clientsRepository.ofHub(hubId, deviceIds);
      const data: VpnDeviceRules[] = clients.flatMap((client: ClientRow) =>
        client.deviceId === null
          ? []
          : [
              {
                device_id: client.deviceId,
                vpn_hub_user_id: client.id,
                lan: client.forwardLan,
                wan: client.forwardWan,
              },
            ],
      );
      const channel = await deps.status.open(auth.user.id);
      for (const rule of data) {
        await deps.status.publish(channel, String(rule.device_id), {
          status: 'completed',
          value: JSON.stringify({ lan: rule.lan, wan: rule.wan }),
        });
      }
      return { channel, data };
    },

    /** Changes one forwarding rule; the device gets its configuration again. */
    async setRule(
      auth: AuthContext,
      hubId: number,
      deviceId: number,
      body: VpnDeviceRuleBody,
      ip: string,
    ) {
      const client = await requireMember(auth, hubId, deviceId);
      await clientsRepository.update(
        client.id,
        body.network === 'lan' ? { forwardLan: body.status } : { forwardWan: body.status },
      );
      await record(auth, ip, 'vpn_client_update', hubId, { device_id: deviceId, ...body });
      return { channel: await channelOf(auth, await deps.joins.join(auth, hubId, [deviceId])) };
    },

    /** Sends the device its configuration again (RMS sync). */
    async sync(auth: AuthContext, hubId: number, deviceId: number) {
      await requireMember(auth, hubId, deviceId);
      return { channel: await channelOf(auth, await deps.joins.join(auth, hubId, [deviceId])) };
    },
  };
};

export type HubDevicesService = ReturnType<typeof createHubDevicesService>;
