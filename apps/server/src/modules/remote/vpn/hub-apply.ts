import { VPN_HUB_MESSAGES, type VpnHubStatus } from '@netfleet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { StatusService } from '@/modules/system/status/status.service';
import type { HubHostAvailability, HubRuntime } from '@netfleet/openvpn-hub';
import type { HubClientsRepository } from './hub-clients.repository';
import type { HubKeys } from './hub-keys';
import type { HubNetworkRepository } from './hub-network.repository';
import { buildHubSpec } from './hub-spec';
import type { HubsRepository } from './hubs.repository';

/** A hub that started serving: the hook through which hubs will count toward credits. */
export interface StartedHub {
  id: number;
  companyId: number;
  quickHub: boolean;
}
export type OnHubStarted = (hub: StartedHub) => void | Promise<void>;

/** How long one answer about the host holds (it may run `openvpn --version`). */
const AVAILABILITY_TTL_MS = 30_000;

const NO_RUNTIME: HubHostAvailability = {
  available: false,
  reason: VPN_HUB_MESSAGES.noRuntime,
  fix: VPN_HUB_MESSAGES.noRuntimeFix,
};

interface Deps {
  /** Null when this server runs no hubs: they are kept and configured, and say why they are off. */
  runtime: HubRuntime | null;
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
  const { runtime, log, now } = deps;
  const queues = new Map<number, Promise<void>>();
  let availability: { at: number; value: Promise<HubHostAvailability> } | null = null;

  const hostAvailability = (): Promise<HubHostAvailability> => {
    if (!runtime) return Promise.resolve(NO_RUNTIME);
    const at = now().getTime();
    if (!availability || at - availability.at > AVAILABILITY_TTL_MS) {
      // A runtime that cannot even answer is as good as none: hubs say why.
      const value = runtime.availability().catch((error: unknown): HubHostAvailability => ({
        available: false,
        reason: error instanceof Error ? error.message : String(error),
        fix: VPN_HUB_MESSAGES.noRuntimeFix,
      }));
      availability = { at, value };
    }
    return availability.value;
  };

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
    if (!runtime)
      return publish(report, hubId, 'warning', `${done}. ${VPN_HUB_MESSAGES.noRuntime}`);
    if (!hub) {
      // Deleted: its process stops and its directory (keys included) goes.
      await runtime.remove(hubId);
      return publish(report, hubId, 'completed', done);
    }
    if (!hub.enabled) {
      await runtime.stop(hubId);
      return publish(report, hubId, 'completed', done);
    }
    const host = await hostAvailability();
    if (!host.available) return publish(report, hubId, 'warning', `${done}. ${host.reason}`);
    const before = runtime.status(hubId).state;
    const [clients, routes, dhcp] = await Promise.all([
      deps.clientsRepository.secretsOfHub(hubId),
      deps.networkRepository.routesOfHub(hubId),
      deps.networkRepository.dhcpOfHub(hubId),
    ]);
    let status;
    try {
      status = await runtime.apply(buildHubSpec({ hub, clients, routes, dhcp }, deps.keys, now()));
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
    if (before !== 'running' && before !== 'starting' && deps.onHubStarted) {
      await deps.onHubStarted({ id: hub.id, companyId: hub.companyId, quickHub: hub.quickHub });
    }
  };

  return {
    hostAvailability,

    /** Applies the hub's stored state (stops it when it is disabled, removes it when it is gone). */
    apply(hubId: number, done: string, report?: Report) {
      return enqueue(hubId, () => applyNow(hubId, done, report));
    },

    /** Ends these clients' sessions now (after they were revoked or switched off). */
    disconnect(hubId: number, commonNames: readonly string[]) {
      return enqueue(hubId, async () => {
        for (const name of commonNames) await runtime?.disconnect(hubId, name);
      });
    },

    /** What a hub is doing, for the API. */
    async statusOf(hub: { id: number; enabled: boolean }): Promise<VpnHubStatus> {
      if (!hub.enabled) return { state: 'disabled', error: null };
      const host = await hostAvailability();
      if (!runtime || !host.available) {
        return { state: 'unavailable', error: host.available ? null : host.reason };
      }
      const status = runtime.status(hub.id);
      return { state: status.state, error: status.error };
    },

    /** Resolves once every queued change has been applied. */
    async idle() {
      while (queues.size) await Promise.all([...queues.values()]);
    },
  };
};

export type HubApplier = ReturnType<typeof createHubApplier>;
