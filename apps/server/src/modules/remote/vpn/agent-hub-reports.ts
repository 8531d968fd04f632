import type { HubHost, HubStateMessage } from '@netfleet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { RunInTransaction } from '@/modules/identity/auth/session.service';
import type { GatewayListener, ReadyDevice } from '@/modules/fleet/device-gateway/gateway.port';
import type { HubSession } from '@netfleet/openvpn-hub';
import type { AgentHubRuntimes } from './agent-hub-runtime';
import type { OnHubStarted } from './hub-apply';
import type { HubEvents } from './hub-events';
import type { HubStatesRepository } from './hub-states.repository';
import type { HubZonesRepository } from './hub-zones.repository';
import type { HubsRepository } from './hubs.repository';

interface Deps {
  zonesRepository: Pick<HubZonesRepository, 'byDevices' | 'setHostStatus'>;
  hubsRepository: Pick<HubsRepository, 'findById' | 'enabledIds'>;
  statesRepository: Pick<HubStatesRepository, 'report'>;
  agents: Pick<AgentHubRuntimes, 'sync'>;
  events: Pick<HubEvents, 'reported'>;
  transaction: RunInTransaction;
  onHubStarted?: OnHubStarted | undefined;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'warn' | 'debug'>;
}

/** A report's sessions as the runtime port names them. */
const sessionsOf = (message: HubStateMessage): HubSession[] =>
  message.sessions.map((session) => ({
    commonName: session.common_name,
    realAddress: session.real_address,
    virtualAddress: session.virtual_address,
    bytesReceived: session.bytes_received,
    bytesSent: session.bytes_sent,
    connectedSince: new Date(session.connected_since),
  }));

/**
 * What agents in hub mode tell the server (device-vpn-hub.ts), heard through the device gateway:
 * a hello stores whether the machine can run hubs and hands the agent its zone's whole state (the
 * hubs it runs, then an apply of each); a `hub` report stores the hub's state and reconciles its
 * sessions like a poll (hub-events.ts). An agent reports only its own zone's hubs: a report of any
 * other hub is dropped.
 */
export const createAgentHubReports = (deps: Deps) => {
  const { now, log } = deps;
  /**
   * The names of a report sent in parts so far, by hub and report time. Parts that reach another
   * instance (shared subscriptions) leave this one's incomplete: its sessions are counted, and
   * sessions are closed by the next report that arrives whole or by the poll.
   */
  const partial = new Map<number, { ts: number; parts: Set<number>; names: Set<string> }>();
  /**
   * What agents in hub mode said in their last hello to this instance, zone or not: a zone made
   * for an agent that is already connected starts from it instead of waiting for its next hello.
   */
  const hellos = new Map<number, HubHost>();
  const inFlight = new Set<Promise<void>>();

  /** The names of the whole report once every part is here, else null. */
  const completed = (message: HubStateMessage): ReadonlySet<string> | null => {
    const names = message.sessions.map((session) => session.common_name);
    if (message.parts === 1) return new Set(names);
    let entry = partial.get(message.hub_id);
    if (!entry || entry.ts !== message.ts) {
      entry = { ts: message.ts, parts: new Set(), names: new Set() };
      partial.set(message.hub_id, entry);
    }
    entry.parts.add(message.part);
    for (const name of names) entry.names.add(name);
    if (entry.parts.size < message.parts) return null;
    partial.delete(message.hub_id);
    return entry.names;
  };

  const hubReported = async (deviceId: number, message: HubStateMessage) => {
    const [zone] = await deps.zonesRepository.byDevices([deviceId]);
    const hub = await deps.hubsRepository.findById(message.hub_id);
    if (!zone || !hub || hub.hubZone !== zone.name) {
      return void log.debug({ deviceId, hubId: message.hub_id }, 'hub report of no zone hub');
    }
    const before = await deps.transaction((tx) =>
      deps.statesRepository.report(
        hub.id,
        {
          state: message.state,
          error: message.error,
          startedAt: message.started_at === null ? null : new Date(message.started_at),
          reportedAt: new Date(message.ts),
        },
        now(),
        tx,
      ),
    );
    // An older report arriving late: what it says is past.
    if (before === undefined) return;
    if (message.state === 'running' && before !== 'running') {
      await deps.onHubStarted?.({ id: hub.id, companyId: hub.companyId, quickHub: hub.quickHub });
    }
    await deps.events.reported(hub.id, sessionsOf(message), completed(message));
  };

  const listener: Required<Pick<GatewayListener, 'devicesReady' | 'hubReported'>> = {
    async devicesReady(devices: readonly ReadyDevice[]) {
      for (const { deviceId, hello } of devices) {
        if (hello.hub) hellos.set(deviceId, hello.hub);
        else hellos.delete(deviceId);
      }
      const zones = await deps.zonesRepository.byDevices(devices.map((device) => device.deviceId));
      for (const zone of zones) {
        const ready = devices.find((device) => device.deviceId === zone.deviceId);
        if (!ready || zone.deviceId === null) continue;
        const host = ready.hello.hub ?? null;
        await deps.zonesRepository.setHostStatus(zone.id, host, now());
        // Its hubs are listed even when the machine cannot run them: it drops any others.
        const hubIds = await deps.hubsRepository.enabledIds(zone.name);
        await deps.agents.sync(zone.deviceId, hubIds, host?.available === true);
      }
    },

    hubReported(deviceId: number, message: HubStateMessage) {
      const work = hubReported(deviceId, message)
        .catch((error: unknown) =>
          log.warn({ err: error, deviceId, hubId: message.hub_id }, 'hub report not recorded'),
        )
        .finally(() => inFlight.delete(work));
      inFlight.add(work);
    },
  };
  return {
    ...listener,
    lastHello: (deviceId: number) => hellos.get(deviceId),
    /** Resolves once the reports received so far are recorded (tests, shutdown). */
    idle: async () => {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
  };
};
