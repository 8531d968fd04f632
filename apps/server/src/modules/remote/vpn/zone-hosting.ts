import type { ModuleContext } from '@/modules/context';
import type { Presence } from '@/modules/fleet/device-gateway/presence';
import type { DeviceJobsRepository } from '@/modules/fleet/device-jobs/device-jobs.repository';
import type { DeviceJobsService } from '@/modules/fleet/device-jobs/device-jobs.service';
import type { HubRuntime } from '@netfleet/openvpn-hub';
import { createAgentHubRuntimes } from './agent-hub-runtime';
import { createHubSpecLinks } from './hub-spec-links';
import { createHubStatesRepository } from './hub-states.repository';
import { createHubZonesRepository } from './hub-zones.repository';
import type { HubsRepository } from './hubs.repository';
import { createZoneRuntimes } from './zone-runtimes';

/** What hosting hubs on agents needs from the device side. */
export interface ZoneHostingDeps {
  jobsRepository: Pick<DeviceJobsRepository, 'insert'>;
  jobs: Pick<DeviceJobsService, 'dispatch' | 'renderArgs'>;
  /** Whether devices are connected now, to this instance or another. */
  presence: Presence;
}

/**
 * Where hubs run: the server's own supervisor for `local`, and the agents of the zones in
 * `vpn_hub_zones` over the device protocol. Every part of the module reaches a hub's host through
 * `runtimes`.
 */
export const createZoneHosting = (
  context: Pick<ModuleContext, 'db' | 'config' | 'now' | 'jwtSecret'>,
  deps: ZoneHostingDeps,
  { hubsRepository, local }: { hubsRepository: HubsRepository; local: HubRuntime | null },
) => {
  const { db, config, now } = context;
  const zonesRepository = createHubZonesRepository(db);
  const statesRepository = createHubStatesRepository(db);
  const links = createHubSpecLinks(context.jwtSecret, config.publicUrl);
  const agents = createAgentHubRuntimes({
    hubsRepository,
    zonesRepository,
    statesRepository,
    jobsRepository: deps.jobsRepository,
    jobs: deps.jobs,
    presence: deps.presence,
    links,
    now,
  });
  // Apply jobs store the hub only: the link to its spec (and key) is made when the job is sent.
  deps.jobs.renderArgs('vpn_hub_apply', agents.renderApply);
  const runtimes = createZoneRuntimes({
    local,
    agents,
    zonesRepository,
    now,
    localHost: config.vpnHubHost,
  });
  return { zonesRepository, statesRepository, links, agents, runtimes };
};

export type ZoneHosting = ReturnType<typeof createZoneHosting>;
