import {
  type CommandType,
  VPN_HUB_ZONE_MESSAGES,
  type VpnHubApplyArgs,
  type VpnHubDisconnectArgs,
  type VpnHubRemoveArgs,
  type VpnHubSyncArgs,
} from '@netfleet/contracts';
import type { HubHostAvailability, HubStatus } from '@netfleet/openvpn-hub';
import type { Presence } from '@/modules/fleet/device-gateway/presence';
import type { JobArgs } from '@/modules/fleet/device-jobs/device-job-mapper';
import type { DeviceJobsRepository } from '@/modules/fleet/device-jobs/device-jobs.repository';
import {
  JOB_EXPIRY_SECONDS,
  type DeviceJobsService,
} from '@/modules/fleet/device-jobs/device-jobs.service';
import { JobArgsRefused, type RenderableJob } from '@/modules/fleet/device-jobs/job-args';
import { HUB_SPEC_LINK_SECONDS, type HubSpecLinks } from './hub-spec-links';
import type { HubStatesRepository } from './hub-states.repository';
import type { HubZonesRepository, ZoneRow } from './hub-zones.repository';
import type { HubsRepository } from './hubs.repository';
import type { ZoneRuntime } from './zone-runtimes';

type HubCommandArgs =
  Pick<VpnHubApplyArgs, 'hub_id'> | VpnHubRemoveArgs | VpnHubDisconnectArgs | VpnHubSyncArgs;

/**
 * An agent reports each running hub every 30 s; a hub it has not reported for this long (three
 * reports missed) is taken as gone, and its sessions are closed.
 */
export const HUB_REPORT_STALE_MS = 90_000;

const STOPPED: HubStatus = { state: 'stopped', error: null, startedAt: null };
/** The most names one `vpn_hub_disconnect` carries (device-vpn-hub.ts). */
const DISCONNECT_BATCH = 1000;

interface Deps {
  hubsRepository: Pick<HubsRepository, 'findById'>;
  zonesRepository: Pick<HubZonesRepository, 'byName'>;
  statesRepository: Pick<HubStatesRepository, 'stateOf' | 'starting' | 'stopped'>;
  jobsRepository: Pick<DeviceJobsRepository, 'insert'>;
  jobs: Pick<DeviceJobsService, 'dispatch'>;
  presence: Pick<Presence, 'isOnline'>;
  links: HubSpecLinks;
  now: () => Date;
}

/** Why an agent zone cannot run hubs now, or its OpenVPN version. */
export const agentAvailability = (
  zone: Pick<ZoneRow, 'name' | 'deviceId' | 'hostStatus'>,
  online: boolean,
): HubHostAvailability => {
  if (zone.deviceId === null) {
    return {
      available: false,
      reason: VPN_HUB_ZONE_MESSAGES.noDevice(zone.name),
      fix: VPN_HUB_ZONE_MESSAGES.noDeviceFix,
    };
  }
  if (!online) {
    return {
      available: false,
      reason: VPN_HUB_ZONE_MESSAGES.offline(zone.name),
      fix: VPN_HUB_ZONE_MESSAGES.offlineFix,
    };
  }
  if (!zone.hostStatus) {
    return {
      available: false,
      reason: VPN_HUB_ZONE_MESSAGES.notHubMode(zone.name),
      fix: VPN_HUB_ZONE_MESSAGES.notHubModeFix,
    };
  }
  return zone.hostStatus;
};

/**
 * Zones hosted by `netfleet-agent --hub`: the runtime port over the device protocol
 * (device-vpn-hub.ts). Every change is a device job of the zone's device, made by no user and
 * reported to no channel (the hub's own channel says what was asked); the agent's `hub` reports
 * (agent-hub-reports.ts) write what runs. Jobs expire with their spec link: an agent that was away
 * gets the zone's whole state at its next hello instead (vpn_hub_sync, then an apply per hub).
 */
export const createAgentHubRuntimes = (deps: Deps) => {
  const { now } = deps;

  /** Queues commands for the device, in order, and sends them if the device is connected. */
  const commands = async (
    deviceId: number,
    list: readonly { type: CommandType; args: HubCommandArgs }[],
    expiresInSeconds = HUB_SPEC_LINK_SECONDS,
  ) => {
    const expiresAt = new Date(now().getTime() + expiresInSeconds * 1000);
    const jobs = list.map(({ type, args }) => ({
      deviceId,
      userId: null,
      channel: null,
      type,
      args: { ...args },
      expiresAt,
    }));
    const stored = await deps.jobsRepository.insert(jobs);
    await deps.jobs.dispatch(
      stored.flatMap(({ id }, index) => {
        const job = jobs[index];
        return job ? [{ ...job, id }] : [];
      }),
    );
  };
  const command = (
    deviceId: number,
    type: CommandType,
    args: HubCommandArgs,
    expiresInSeconds = HUB_SPEC_LINK_SECONDS,
  ) => commands(deviceId, [{ type, args }], expiresInSeconds);

  /** `vpn_hub_apply`: the job stores the hub only; the link to its spec is made at each send. */
  const applyOf = (hubId: number) => ({ type: 'vpn_hub_apply' as const, args: { hub_id: hubId } });

  const of = (zone: ZoneRow): ZoneRuntime => {
    const { deviceId } = zone;
    const online = async () => deviceId !== null && (await deps.presence.isOnline(deviceId));
    const stop = async (hubId: number) => {
      if (deviceId !== null) await command(deviceId, 'vpn_hub_remove', { hub_id: hubId });
      await deps.statesRepository.stopped(hubId);
    };
    const status = async (hubId: number): Promise<HubStatus> => {
      const row = await deps.statesRepository.stateOf(hubId);
      if (!row) return STOPPED;
      return { state: row.state, error: row.error, startedAt: row.startedAt };
    };
    return {
      kind: 'agent',
      availability: async () => agentAvailability(zone, await online()),
      async apply(hubId) {
        if (deviceId === null) return STOPPED;
        await deps.statesRepository.starting([hubId]);
        await commands(deviceId, [applyOf(hubId)]);
        return status(hubId);
      },
      // The agent keeps nothing a stopped hub needs (the spec comes from the server each time).
      stop,
      remove: stop,
      status,
      async sessions(hubId) {
        const row = await deps.statesRepository.stateOf(hubId);
        const fresh = row && now().getTime() - row.updatedAt.getTime() <= HUB_REPORT_STALE_MS;
        // An agent that went away, or stopped reporting the hub: its sessions are over.
        return fresh && (await online()) ? null : [];
      },
      async disconnect(hubId, commonNames) {
        if (deviceId === null || commonNames.length === 0) return;
        for (let at = 0; at < commonNames.length; at += DISCONNECT_BATCH) {
          await command(deviceId, 'vpn_hub_disconnect', {
            hub_id: hubId,
            common_names: commonNames.slice(at, at + DISCONNECT_BATCH),
          });
        }
      },
    };
  };

  return {
    of,

    /**
     * A `vpn_hub_apply` job as it is sent (device-jobs job-args.ts): with a link, valid minutes,
     * to the hub's spec, for the job's device only while it hosts the hub's zone.
     */
    async renderApply(job: RenderableJob): Promise<JobArgs> {
      const hubId = Number(job.args.hub_id);
      const hub = Number.isInteger(hubId) ? await deps.hubsRepository.findById(hubId) : null;
      const zone = hub && (await deps.zonesRepository.byName(hub.hubZone));
      if (!hub || zone?.deviceId !== job.deviceId) {
        throw new JobArgsRefused(VPN_HUB_ZONE_MESSAGES.applyVoid);
      }
      const expiresAt = new Date(now().getTime() + HUB_SPEC_LINK_SECONDS * 1000);
      const args: VpnHubApplyArgs = {
        hub_id: hubId,
        spec_url: deps.links.url(hubId, job.deviceId, expiresAt),
      };
      return { ...args };
    },

    /**
     * The zone's whole state for its agent (after a hello, or when the zone moved to it): the hubs
     * it runs now, then an apply of each (unless its machine cannot run them).
     */
    async sync(deviceId: number, hubIds: readonly number[], apply = true) {
      const sync = { type: 'vpn_hub_sync' as const, args: { hub_ids: [...hubIds] } };
      if (!apply) return commands(deviceId, [sync]);
      await deps.statesRepository.starting(hubIds);
      await commands(deviceId, [sync, ...hubIds.map(applyOf)]);
    },

    /** The device no longer hosts a zone: it stops every hub (it may be offline for a while). */
    async release(deviceId: number) {
      await command(deviceId, 'vpn_hub_sync', { hub_ids: [] }, JOB_EXPIRY_SECONDS.action);
    },
  };
};

export type AgentHubRuntimes = ReturnType<typeof createAgentHubRuntimes>;
