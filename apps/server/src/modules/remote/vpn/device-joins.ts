import {
  deviceCapabilities,
  ERROR_CODES,
  VPN_CLIENT_MESSAGES,
  type VpnJoinArgs,
  type VpnLeaveArgs,
  vpnJoinArgsSchema,
} from '@netfleet/contracts';
import type { z } from 'zod';
import { ApiError, invalid } from '@/lib/api-error';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { JobArgs } from '@/modules/fleet/device-jobs/device-job-mapper';
import {
  JOB_EXPIRY_SECONDS,
  type DeviceJobsService,
} from '@/modules/fleet/device-jobs/device-jobs.service';
import { JobArgsRefused, type RenderableJob } from '@/modules/fleet/device-jobs/job-args';
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

/**
 * What a `vpn_join` job stores: everything it sends but the profile, which holds the device's
 * private key. The profile is made when the job is sent (render), from the hub as it is then.
 */
const storedJoinSchema = vpnJoinArgsSchema.omit({ profile: true });
type StoredJoin = z.infer<typeof storedJoinSchema>;

const subnetOf = (route: { network: string; netmask: string }) => ({
  network: route.network,
  netmask: route.netmask,
});

interface Deps {
  hubsRepository: Pick<HubsRepository, 'secretsOf'>;
  clientsRepository: Pick<HubClientsRepository, 'ofHub' | 'byCommonName'>;
  networkRepository: Pick<HubNetworkRepository, 'routesOfHub'>;
  keys: HubKeys;
  jobs: Pick<DeviceJobsService, 'createJobs'>;
  /** What the clients of the zone's hubs dial (its agent's host, or VPN_HUB_HOST). */
  hostOf(zone: string): Promise<string>;
}

/**
 * What devices are told over the device protocol: `vpn_join` with their complete profile (sent
 * again whenever the hub's settings or their rules change) and `vpn_leave`. Both are durable
 * device jobs: a device that is offline gets them when it next connects.
 */
export const createDeviceJoins = (deps: Deps) => {
  /** What each device client's join job stores (no key), from the hub as it is stored now. */
  const storedJoins = async (hubId: number, deviceIds: readonly number[]) => {
    const [clients, routes] = await Promise.all([
      deps.clientsRepository.ofHub(hubId, deviceIds),
      deps.networkRepository.routesOfHub(hubId),
    ]);
    const joins = new Map<number, StoredJoin>();
    for (const client of clients) {
      if (client.deviceId === null) continue;
      joins.set(client.deviceId, {
        hub_id: hubId,
        common_name: client.commonName,
        forward: { lan: client.forwardLan, wan: client.forwardWan },
        lans: routes.filter((route) => route.hubUserId === client.id).map(subnetOf),
      });
    }
    return joins;
  };

  return {
    /**
     * A `vpn_join` job's args as the device is sent them (device-jobs job-args.ts), made at each
     * send: a hub deleted or a device that left since the job was queued ends the job unsent.
     */
    async render(job: RenderableJob): Promise<JobArgs> {
      const stored = storedJoinSchema.parse(job.args);
      const hub = await deps.hubsRepository.secretsOf(stored.hub_id);
      if (!hub) throw new JobArgsRefused(VPN_CLIENT_MESSAGES.joinHubGone);
      const client = await deps.clientsRepository.byCommonName(hub.id, stored.common_name);
      // The job's own device only: a name in a job never hands out another device's key.
      if (client?.deviceId !== job.deviceId) {
        throw new JobArgsRefused(VPN_CLIENT_MESSAGES.joinClientGone);
      }
      const routes = await deps.networkRepository.routesOfHub(hub.id, client.id);
      const args: VpnJoinArgs = {
        hub_id: hub.id,
        common_name: client.commonName,
        profile: clientProfile({
          hub,
          opened: deps.keys.open(hub),
          client: { cert: client.cert, key: deps.keys.openKey(client.keySealed) },
          host: await deps.hostOf(hub.hubZone),
        }),
        forward: { lan: client.forwardLan, wan: client.forwardWan },
        lans: routes.map(subnetOf),
      };
      return { ...args };
    },

    /** Queues `vpn_join` for the devices; the jobs' channel reports per device. */
    async join(auth: AuthContext, hubId: number, deviceIds: readonly number[]) {
      const joins = await storedJoins(hubId, deviceIds);
      const targets = deviceIds.filter((id) => joins.has(id));
      return deps.jobs.createJobs(auth, targets, 'vpn_join', (id) => ({ ...joins.get(id) }), {
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
