import {
  type DeviceDownloadQuery,
  ERROR_CODES,
  type HubZoneSpec,
  VPN_HUB_ZONE_MESSAGES,
} from '@netfleet/contracts';
import { ApiError, conflict } from '@/lib/api-error';
import type { HubSpecLinks } from './hub-spec-links';
import { loadHubSpec, type SpecSources, toZoneSpec } from './hub-spec';
import type { HubZonesRepository } from './hub-zones.repository';
import type { HubsRepository } from './hubs.repository';
import { hubNotFound } from './hubs.service';

interface Deps extends SpecSources {
  links: HubSpecLinks;
  hubsRepository: Pick<HubsRepository, 'secretsOf'>;
  zonesRepository: Pick<HubZonesRepository, 'byName'>;
}

const refused = (message: string) => new ApiError(403, ERROR_CODES.FORBIDDEN, message);

/**
 * What `vpn_hub_apply`'s link answers (device-vpn-hub.ts): the hub's spec without its CA key, to
 * the agent the link was made for, while it hosts the hub's zone. The link is the permission (an
 * agent has no session); it expires in minutes.
 */
export const createHubAgentSpecs = (deps: Deps) => ({
  async specOf(hubId: number, query: DeviceDownloadQuery): Promise<HubZoneSpec> {
    const { device_id: deviceId, expires, signature } = query;
    if (!deps.links.verify(hubId, deviceId, expires, signature, deps.now())) {
      throw refused(VPN_HUB_ZONE_MESSAGES.badSpecLink);
    }
    const hub = await deps.hubsRepository.secretsOf(hubId);
    if (!hub) throw hubNotFound();
    // A zone moved to another machine since the link was made: the old one gets nothing.
    const zone = await deps.zonesRepository.byName(hub.hubZone);
    if (zone?.deviceId !== deviceId) throw refused(VPN_HUB_ZONE_MESSAGES.specNotHere);
    if (!hub.enabled) throw conflict(VPN_HUB_ZONE_MESSAGES.hubDisabled);
    return toZoneSpec(await loadHubSpec(deps, hub));
  },
});

export type HubAgentSpecs = ReturnType<typeof createHubAgentSpecs>;
