import {
  deviceCapabilities,
  ERROR_CODES,
  VPN_CLIENT_MESSAGES,
  type VpnJoinArgs,
  type VpnLeaveArgs,
} from '@netfleet/contracts';
import { ApiError, invalid } from '@/lib/api-error';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import {
  JOB_EXPIRY_SECONDS,
  type DeviceJobsService,
} from '@/modules/fleet/device-jobs/device-jobs.service';
import { clientProfile } from './client-profile';
import type { HubClientsRepository } from './hub-clients.repository';
import type { HubKeys } from './hub-keys';
import type { HubNetworkRepository } from './hub-network.repository';
import type { HubsRepository } from './hubs.repository';
import type { VpnDevice } from './vpn-targets.repository';

/** The certificate name of a device client: stable, so a device that rejoins keeps its name. */
export const deviceCommonName = (deviceId: number) => `device-${deviceId}`;

/**
 * A device that may join a hub: visible (404 otherwise), reported its firmware, runs OpenVPN and
 * is not on the legacy firmware line (below RutOS 07.06 its VPN is configured another way).
 */
export const checkJoinable = (device: VpnDevice | undefined, source: string): VpnDevice => {
  if (!device)
    throw new ApiError(404, ERROR_CODES.NOT_FOUND, VPN_CLIENT_MESSAGES.deviceNotFound, source);
  if (!device.model || !device.firmware) throw invalid(VPN_CLIENT_MESSAGES.deviceNotReady, source);
  const capabilities = deviceCapabilities(device.model, device.firmware);
  if (!capabilities.has_vpn) throw invalid(VPN_CLIENT_MESSAGES.noOpenVpn, source);
  if (capabilities.has_legacy_vpn) throw invalid(VPN_CLIENT_MESSAGES.legacyFirmware, source);
  return device;
};

interface Deps {
  hubsRepository: Pick<HubsRepository, 'secretsOf'>;
  clientsRepository: Pick<HubClientsRepository, 'secretsOfHub'>;
  networkRepository: Pick<HubNetworkRepository, 'routesOfHub'>;
  keys: HubKeys;
  jobs: Pick<DeviceJobsService, 'createJobs'>;
  host: string;
}

/**
 * What devices are told over the device protocol: `vpn_join` with their complete profile (sent
 * again whenever the hub's settings or their rules change) and `vpn_leave`. Both are durable
 * device jobs: a device that is offline gets them when it next connects.
 */
export const createDeviceJoins = (deps: Deps) => {
  /** Each device client's join arguments, from the hub as it is stored now. */
  const joinArgs = async (hubId: number, deviceIds: readonly number[]) => {
    const hub = await deps.hubsRepository.secretsOf(hubId);
    if (!hub) return new Map<number, VpnJoinArgs>();
    const [clients, routes] = await Promise.all([
      deps.clientsRepository.secretsOfHub(hubId),
      deps.networkRepository.routesOfHub(hubId),
    ]);
    const opened = deps.keys.open(hub);
    const args = new Map<number, VpnJoinArgs>();
    for (const client of clients) {
      if (client.revokedAt || client.deviceId === null || !deviceIds.includes(client.deviceId)) {
        continue;
      }
      args.set(client.deviceId, {
        hub_id: hubId,
        common_name: client.commonName,
        profile: clientProfile({
          hub,
          opened,
          client: { cert: client.cert, key: deps.keys.openKey(client.keySealed) },
          host: deps.host,
        }),
        forward: { lan: client.forwardLan, wan: client.forwardWan },
        lans: routes
          .filter((route) => route.hubUserId === client.id)
          .map((route) => ({ network: route.network, netmask: route.netmask })),
      });
    }
    return args;
  };

  return {
    joinArgs,

    /** Queues `vpn_join` for the devices; the jobs' channel reports per device. */
    async join(auth: AuthContext, hubId: number, deviceIds: readonly number[]) {
      const args = await joinArgs(hubId, deviceIds);
      const targets = deviceIds.filter((id) => args.has(id));
      return deps.jobs.createJobs(auth, targets, 'vpn_join', (id) => ({ ...args.get(id) }), {
        expiresInSeconds: JOB_EXPIRY_SECONDS.action,
      });
    },

    async leave(auth: AuthContext, hubId: number, deviceIds: readonly number[]) {
      const args: VpnLeaveArgs = { hub_id: hubId };
      return deps.jobs.createJobs(
        auth,
        deviceIds,
        'vpn_leave',
        { ...args },
        {
          expiresInSeconds: JOB_EXPIRY_SECONDS.action,
        },
      );
    },
  };
};

export type DeviceJoins = ReturnType<typeof createDeviceJoins>;
