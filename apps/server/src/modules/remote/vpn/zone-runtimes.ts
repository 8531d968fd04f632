import { VPN_HUB_MESSAGES, VPN_HUB_ZONE_LOCAL } from '@netfleet/contracts';
import type {
  HubHostAvailability,
  HubRuntime,
  HubSession,
  HubSpec,
  HubStatus,
} from '@netfleet/openvpn-hub';
import type { HubZonesRepository, ZoneRow } from './hub-zones.repository';

/**
 * What the module asks of the host of one zone: the runtime port (`@netfleet/openvpn-hub`
 * HubRuntime) as a zone sees it. An agent zone's status lives in the database (every instance
 * answers the same), so it is read asynchronously; an agent fetches its hub's spec itself, so the
 * spec is built only for a local runtime.
 */
export interface ZoneRuntime {
  kind: 'local' | 'agent';
  availability(): Promise<HubHostAvailability>;
  /** Starts the hub or brings it to its stored state; `spec` builds that state when needed. */
  apply(hubId: number, spec: () => Promise<HubSpec>): Promise<HubStatus>;
  stop(hubId: number): Promise<void>;
  /** The hub was deleted: it stops and everything it had on the host goes. */
  remove(hubId: number): Promise<void>;
  status(hubId: number): Promise<HubStatus>;
  /** The sessions to reconcile now; null when the host reports them itself (agents). */
  sessions(hubId: number): Promise<HubSession[] | null>;
  disconnect(hubId: number, commonNames: readonly string[]): Promise<void>;
}

/** How long one answer about the local host holds (it may run `openvpn --version`). */
const AVAILABILITY_TTL_MS = 30_000;

const NO_RUNTIME: HubHostAvailability = {
  available: false,
  reason: VPN_HUB_MESSAGES.noRuntime,
  fix: VPN_HUB_MESSAGES.noRuntimeFix,
};
const UNKNOWN_ZONE: HubHostAvailability = {
  available: false,
  reason: VPN_HUB_MESSAGES.unknownZone,
  fix: VPN_HUB_MESSAGES.unknownZoneFix,
};

/** The server's own supervisor as the `local` zone. */
const localZoneRuntime = (runtime: HubRuntime, now: () => Date): ZoneRuntime => {
  let cached: { at: number; value: Promise<HubHostAvailability> } | null = null;
  return {
    kind: 'local',
    availability() {
      const at = now().getTime();
      if (!cached || at - cached.at > AVAILABILITY_TTL_MS) {
        // A runtime that cannot even answer is as good as none: hubs say why.
        const value = runtime.availability().catch((error: unknown): HubHostAvailability => ({
          available: false,
          reason: error instanceof Error ? error.message : String(error),
          fix: VPN_HUB_MESSAGES.noRuntimeFix,
        }));
        cached = { at, value };
      }
      return cached.value;
    },
    apply: async (hubId, spec) => runtime.apply(await spec()),
    stop: (hubId) => runtime.stop(hubId),
    remove: (hubId) => runtime.remove(hubId),
    status: async (hubId) => runtime.status(hubId),
    sessions: (hubId) => runtime.sessions(hubId),
    async disconnect(hubId, commonNames) {
      for (const name of commonNames) await runtime.disconnect(hubId, name);
    },
  };
};

interface Deps {
  /** The server's own supervisor; null when this server runs no hubs itself. */
  local: HubRuntime | null;
  /** The runtime of a zone hosted by an agent. */
  agents: { of(zone: ZoneRow): ZoneRuntime };
  zonesRepository: Pick<HubZonesRepository, 'byName' | 'list'>;
  now: () => Date;
  /** What the clients of the local zone's hubs dial (VPN_HUB_HOST). */
  localHost: string;
}

/**
 * Each zone's runtime: `local` is the server's supervisor, every other zone the agent bound to it
 * (read afresh from the database, so a zone moved to another device is followed at once).
 */
export const createZoneRuntimes = (deps: Deps) => {
  const local = deps.local ? localZoneRuntime(deps.local, deps.now) : null;

  const of = async (zone: string): Promise<ZoneRuntime | null> => {
    if (zone === VPN_HUB_ZONE_LOCAL) return local;
    const row = await deps.zonesRepository.byName(zone);
    return row ? deps.agents.of(row) : null;
  };

  return {
    of,

    /** What the clients of the zone's hubs dial (the `remote` of their profiles). */
    async hostOf(zone: string) {
      if (zone === VPN_HUB_ZONE_LOCAL) return deps.localHost;
      return (await deps.zonesRepository.byName(zone))?.host ?? deps.localHost;
    },

    /** Whether the zone can run hubs now, and why not. */
    async availability(zone: string): Promise<HubHostAvailability> {
      const runtime = await of(zone);
      if (runtime) return runtime.availability();
      return zone === VPN_HUB_ZONE_LOCAL ? NO_RUNTIME : UNKNOWN_ZONE;
    },

    /** The zones that run hubs: local (with a supervisor) and every agent zone. */
    async all(): Promise<{ zone: string; runtime: ZoneRuntime }[]> {
      const agents = (await deps.zonesRepository.list()).map((row) => ({
        zone: row.name,
        runtime: deps.agents.of(row),
      }));
      return local ? [{ zone: VPN_HUB_ZONE_LOCAL, runtime: local }, ...agents] : agents;
    },
  };
};

export type ZoneRuntimes = ReturnType<typeof createZoneRuntimes>;
