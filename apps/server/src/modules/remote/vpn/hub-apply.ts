import { VPN_HUB_MESSAGES, VPN_HUB_ZONE_LOCAL, type VpnHubStatus } from '@netfleet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { StatusService } from '@/modules/system/status/status.service';
import type { HubHostAvailability } from '@netfleet/openvpn-hub';
import type { HubClientsRepository } from './hub-clients.repository';
import type { HubKeys } from './hub-keys';
import type { HubNetworkRepository } from './hub-network.repository';
import { loadHubSpec } from './hub-spec';
import type { HubsRepository } from './hubs.repository';
import type { ZoneRuntimes } from './zone-runtimes';

/** A hub that started serving: the hook through which hubs will count toward credits. */
export interface StartedHub {
  id: number;
  companyId: number;
  quickHub: boolean;
}
export type OnHubStarted = (hub: StartedHub) => void | Promise<void>;

interface Deps {
  /** Each zone's runtime (zone-runtimes.ts): the server's own supervisor or a zone's agent. */
  runtimes: Pick<ZoneRuntimes, 'of' | 'availability'>;
  hubsRepository: Pick<HubsRepository, 'secretsOf'>;
  clientsRepository: Pick<HubClientsRepository, 'secretsOfHub'>;
  networkRepository: Pick<HubNetworkRepository, 'routesOfHub' | 'dhcpOfHub'>;
  keys: HubKeys;
  status: Pick<StatusService, 'publish'>;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'warn'>;
  onHubStarted?: OnHubStarted | undefined;
}

/** Where to report how applying went: a status channel, under the hub's id. */
export interface Report {
  channel: string;
}

/**
 * Brings the runtime to what the database says, after the change is committed. Work for one hub
 * runs in order (a toggle never overtakes the settings change before it); hubs do not wait for
 * each other. Each run reads the hub afresh, so a queue of changes ends in the latest state.
 */
export const createHubApplier = (deps: Deps) => {
  const { runtimes, log } = deps;
  const queues = new Map<number, Promise<void>>();
  // The zone of each hub this instance handled: a deleted hub's row no longer says it.
  const zones = new Map<number, string>();
  // The config version each hub's runtime was last brought to: hub-reconcile.ts skips those.
  const versions = new Map<number, number>();

  const hostAvailability = (zone: string = VPN_HUB_ZONE_LOCAL): Promise<HubHostAvailability> =>
    runtimes.availability(zone);

  const enqueue = (hubId: number, task: () => Promise<void>) => {
    const run = (queues.get(hubId) ?? Promise.resolve()).then(task).catch((error: unknown) => {
      log.warn({ err: error, hubId }, 'VPN hub change not applied');
    });
    queues.set(hubId, run);
    void run.finally(() => {
      if (queues.get(hubId) === run) queues.delete(hubId);
    });
    return run;
  };

  const publish = async (
    report: Report | undefined,
    hubId: number,
    state: 'completed' | 'warning' | 'error',
    value: string,
  ) => {
    if (!report) return;
    await deps.status
      .publish(report.channel, String(hubId), { status: state, value })
      .catch((error: unknown) => log.warn({ err: error }, 'VPN hub status not published'));
  };

  const applyNow = async (hubId: number, done: string, report?: Report) => {
    const hub = await deps.hubsRepository.secretsOf(hubId);
    const zone = hub?.hubZone ?? zones.get(hubId) ?? VPN_HUB_ZONE_LOCAL;
    if (hub) zones.set(hubId, zone);
    const runtime = await runtimes.of(zone);
    if (!runtime) {
      const host = await hostAvailability(zone);
      const reason = host.available ? VPN_HUB_MESSAGES.noRuntime : host.reason;
      return publish(report, hubId, 'warning', `${done}. ${reason}`);
    }
    if (!hub) {
      // Deleted: its process stops and its directory (keys included) goes.
      await runtime.remove(hubId);
      zones.delete(hubId);
      versions.delete(hubId);
      return publish(report, hubId, 'completed', done);
    }
    versions.set(hubId, hub.configVersion);
    if (!hub.enabled) {
      await runtime.stop(hubId);
      return publish(report, hubId, 'completed', done);
    }
    const host = await runtime.availability();
    if (!host.available) return publish(report, hubId, 'warning', `${done}. ${host.reason}`);
    const before = (await runtime.status(hubId)).state;
    let status;
    try {
      status = await runtime.apply(hubId, () => loadHubSpec(deps, hub));
    } catch (error) {
      log.warn({ err: error, hubId }, 'the VPN hub runtime refused a hub');
      return publish(
        report,
        hubId,
        'error',
        error instanceof Error ? error.message : String(error),
      );
    }
    if (status.state === 'failed') {
      return publish(report, hubId, 'error', status.error ?? 'The hub failed to start');
    }
    await publish(report, hubId, 'completed', done);
    // An agent's hub starts when its agent says so (agent-hub-reports.ts calls the hook then).
    if (runtime.kind === 'local' && before !== 'running' && before !== 'starting') {
      await deps.onHubStarted?.({ id: hub.id, companyId: hub.companyId, quickHub: hub.quickHub });
    }
  };

  return {
    hostAvailability,

    /** Applies the hub's stored state (stops it when it is disabled, removes it when it is gone). */
    apply(hubId: number, done: string, report?: Report) {
      return enqueue(hubId, () => applyNow(hubId, done, report));
    },

    /** The config version the hub's runtime was last brought to; undefined: never (here). */
    appliedVersion: (hubId: number) => versions.get(hubId),

    /** A deleted hub of `zone`: stopped, and everything it had on its host removed. */
    remove(hubId: number, zone: string, done: string, report?: Report) {
      zones.set(hubId, zone);
      return enqueue(hubId, () => applyNow(hubId, done, report));
    },

    /** Ends these clients' sessions now (after they were revoked or switched off). */
    disconnect(hubId: number, commonNames: readonly string[]) {
      return enqueue(hubId, async () => {
        const zone = (await deps.hubsRepository.secretsOf(hubId))?.hubZone ?? zones.get(hubId);
        const runtime = zone === undefined ? null : await runtimes.of(zone);
        await runtime?.disconnect(hubId, commonNames);
      });
    },

    /** What a hub is doing, for the API. */
    async statusOf(hub: { id: number; enabled: boolean; hubZone: string }): Promise<VpnHubStatus> {
      if (!hub.enabled) return { state: 'disabled', error: null };
      const runtime = await runtimes.of(hub.hubZone);
      const host = runtime ? await runtime.availability() : await hostAvailability(hub.hubZone);
      if (!runtime || !host.available) {
        return { state: 'unavailable', error: host.available ? null : host.reason };
      }
      const status = await runtime.status(hub.id);
      return { state: status.state, error: status.error };
    },

    /** Resolves once every queued change has been applied. */
    async idle() {
      while (queues.size) await Promise.all([...queues.values()]);
    },
  };
};

export type HubApplier = ReturnType<typeof createHubApplier>;
