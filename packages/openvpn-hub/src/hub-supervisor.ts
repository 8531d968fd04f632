import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { HubLogger } from './hub-logger';
import { readHubFiles, writeHubFiles } from './hub-disk';
import { COMMON_NAME, lanRoutes, planApply, renderHubFiles } from './hub-files';
import { createHubProcess, type HubProcess } from './hub-process';
import {
  clearHubRouting,
  createHubRouting,
  deviceSettings,
  type HubRouting,
  hubsWithRules,
  hubTable,
  type IpCommand,
  ipCommand,
} from './hub-routes';
import type { HubEvent, HubRuntime, HubSession, HubSpec, HubStatus } from './hub-runtime.port';
import { type HubFilePaths, hubDeviceName, hubFilePaths } from './openvpn-config';
import { type HostWords, probeHubHost } from './openvpn-host';
import { parseStatus } from './openvpn-management';

export interface HubSupervisorOptions {
  /** DATA_DIR: each hub lives in `<dataDir>/vpn/hubs/<id>/`. */
  dataDir: string;
  /** OPENVPN_PATH: the openvpn binary; unset searches PATH and the sbin folders. */
  openvpnPath?: string | undefined;
  /**
   * VPN_HUB_NETNS: run every hub inside this network namespace (`ip netns exec`), so its devices,
   * routes and ports live there. The test tier uses it; on a production host it can keep hub
   * traffic away from the host's own interfaces. Unset: the server's namespace.
   */
  netns?: string | undefined;
  log: HubLogger;
  /** How availability names the binary's variable, the machine and the program (the server's by default). */
  words?: HostWords | undefined;
  now?: () => Date;
  /** How often sessions are read for connected/disconnected events, while someone listens. */
  pollMs?: number;
  /** Runs `ip` (in `netns` when set); tests replace it. */
  ip?: IpCommand;
}

interface Hub {
  spec: HubSpec;
  process: HubProcess;
  routing: HubRouting;
  /** Sessions seen at the last poll, by common name + connected since. */
  seen: Map<string, HubSession> | null;
}

/** Routing table ids are 32-bit. */
const MAX_TABLE = 2 ** 32 - 1;
/** A unix socket path is limited to 107 bytes. */
const MAX_SOCKET_PATH = 107;
const STOPPED: HubStatus = { state: 'stopped', error: null, startedAt: null };

const sessionKey = (session: HubSession) =>
  `${session.commonName}|${session.connectedSince.getTime()}`;

/**
 * Runs each hub as its own OpenVPN process and keeps it matching the spec it was last given.
 * A hub's server-level files changing restarts that hub only; client files and the CRL are read
 * by OpenVPN on every connection, so changing them restarts nothing, and the clients whose file
 * changed or went away are disconnected so they come back under the new one (or not at all).
 * Each hub routes in a table of its own (hub-routes.ts), set up whenever its process is ready and
 * taken out when it stops.
 */
export const createHubSupervisor = (options: HubSupervisorOptions): HubRuntime => {
  const { log } = options;
  const now = options.now ?? (() => new Date());
  const hubs = new Map<number, Hub>();
  const queues = new Map<number, Promise<unknown>>();
  const listeners = new Set<(event: HubEvent) => void>();
  const ip = options.ip ?? ipCommand(options.netns);
  const probe = () => probeHubHost({ openvpnPath: options.openvpnPath, words: options.words });
  let poller: NodeJS.Timeout | null = null;

  const emit = (event: HubEvent) => {
    for (const listener of listeners) listener(event);
  };

  const readStatus = async (hub: Hub) => {
    const lines = await hub.process.command('status 3');
    return lines ? parseStatus(lines) : [];
  };

  const readSessions = async (hub: Hub): Promise<HubSession[]> =>
    (await readStatus(hub)).map(({ clientId: _clientId, ...session }) => session);

  /** Emits what changed since the last poll; the first poll after listening began only looks. */
  const pollHub = async (hubId: number, hub: Hub) => {
    if (hub.process.status().state !== 'running') return;
    const current = new Map((await readSessions(hub)).map((s) => [sessionKey(s), s]));
    const seen = hub.seen;
    hub.seen = current;
    if (!seen) return;
    for (const [key, session] of current) {
      if (!seen.has(key)) emit({ hubId, kind: 'connected', session });
    }
    for (const [key, session] of seen) {
      if (!current.has(key)) emit({ hubId, kind: 'disconnected', session });
    }
  };

  const pollAll = () => {
    for (const [hubId, hub] of hubs) {
      pollHub(hubId, hub).catch((error: Error) =>
        log.warn({ hubId, err: error }, 'VPN hub sessions could not be read'),
      );
    }
  };

  const report = (hubId: number, problems: string[]) => {
    for (const problem of problems) log.error({ hubId, problem }, 'VPN hub routing');
  };

  const syncRoutes = async (hub: Hub) =>
    report(hub.spec.id, await hub.routing.sync(lanRoutes(hub.spec)));

  /** Warns about host settings that keep clients from the LANs behind each other. */
  const checkForwarding = async (hub: Hub, device: string) => {
    const withLans = hub.spec.clients.filter((client) => client.lans.length > 0).length;
    if (withLans === 0) return;
    const settings = await deviceSettings(ip, device);
    if (!settings.forwarding) {
      log.warn(
        { hubId: hub.spec.id },
        'IP forwarding is off: clients reach the hub but not the LANs behind each ' +
          'other. Fix: sysctl -w net.ipv4.ip_forward=1',
      );
    }
    // The reverse-path check looks routes up in `main` (the hub's rule matches only its own
    // subnet as the source), and the LANs behind clients are in the hub's table only.
    if (withLans > 1 && settings.rpFilter === 'strict') {
      log.warn(
        { hubId: hub.spec.id },
        'rp_filter is strict: the kernel drops traffic between the LANs behind clients. ' +
          'Fix (loose): sysctl -w net.ipv4.conf.all.rp_filter=2',
      );
    }
  };

  const create = (spec: HubSpec, paths: HubFilePaths): Hub => {
    const device = hubDeviceName(spec.id);
    const hub: Hub = {
      spec,
      seen: null,
      routing: createHubRouting(ip, spec.id),
      process: createHubProcess({
        hubId: spec.id,
        paths,
        netns: options.netns,
        log,
        now,
        probe,
        onStatus: (status) => emit({ hubId: spec.id, kind: 'state', status }),
        onReady: async () => {
          // A fresh process has no sessions: everything it reports from now on is new.
          hub.seen = listeners.size > 0 ? new Map() : null;
          report(spec.id, await hub.routing.install(hub.spec.subnet, lanRoutes(hub.spec)));
          await checkForwarding(hub, device);
        },
        onExit: () => {
          hub.routing.forget();
          for (const session of hub.seen?.values() ?? []) {
            emit({ hubId: spec.id, kind: 'disconnected', session });
          }
          hub.seen = listeners.size > 0 ? new Map() : null;
        },
      }),
    };
    return hub;
  };

  /**
   * `client-kill` sends the client RESTART, so it reconnects at once under its new file (or is
   * refused: disabled, removed, revoked). `kill <cn>` would end the session silently and leave the
   * client waiting for its keepalive timeout (60 s) before it noticed; it is kept for servers
   * whose status has no client ids.
   */
  const disconnect = async (hub: Hub, commonName: string) => {
    if (!COMMON_NAME.test(commonName)) throw new Error(`invalid common name ${commonName}`);
    const sessions = (await readStatus(hub)).filter((s) => s.commonName === commonName);
    for (const session of sessions) {
      try {
        await hub.process.command(
          session.clientId === null ? `kill ${commonName}` : `client-kill ${session.clientId}`,
        );
      } catch (error) {
        // Gone meanwhile: the wanted outcome already.
        if (!/not found/.test((error as Error).message)) throw error;
      }
    }
  };

  const hubsDir = join(options.dataDir, 'vpn', 'hubs');
  const hubDir = (hubId: number) => join(hubsDir, String(hubId));

  /**
   * Clears the rules and tables a previous run left (it was killed), of the hubs that have a
   * directory here only: another netfleet on this host (the server beside an agent in hub mode)
   * keeps its own. A hub applied again has them set up anew once it is ready.
   */
  const clearLeftovers = async () => {
    const names = await readdir(hubsDir).catch(() => [] as string[]);
    const hubIds = new Set(names.filter((name) => /^\d+$/.test(name)).map(Number));
    if (hubIds.size === 0) return;
    const found = await hubsWithRules(ip, hubIds);
    if (found.error) log.warn({ problem: found.error }, 'VPN hub routing rules could not be read');
    for (const hubId of found.hubIds) report(hubId, await clearHubRouting(ip, hubId));
  };
  const leftovers = clearLeftovers().catch((error: Error) =>
    log.error({ err: error }, 'VPN hub routing left by a previous run could not be cleared'),
  );

  /**
   * Applies and stops of one hub run one after the other, each on what the previous left, and
   * all after the previous run's leftovers are cleared.
   */
  const enqueue = <T>(hubId: number, task: () => Promise<T>): Promise<T> => {
    const queued = (queues.get(hubId) ?? leftovers).then(task);
    queues.set(
      hubId,
      queued.catch(() => undefined),
    );
    return queued;
  };

  const applyNow = async (spec: HubSpec): Promise<HubStatus> => {
    if (hubTable(spec.id) > MAX_TABLE) {
      throw new Error(`hub id ${spec.id} is too large for a routing table id`);
    }
    const paths = hubFilePaths(hubDir(spec.id));
    if (Buffer.byteLength(paths.management) > MAX_SOCKET_PATH) {
      throw new Error(
        `DATA_DIR is too long for the VPN hub's management socket (${paths.management}); ` +
          'use a shorter DATA_DIR.',
      );
    }
    const files = renderHubFiles(spec, paths);
    const previous = await readHubFiles(paths, Object.keys(files.server));
    const plan = planApply(previous, files);
    await writeHubFiles(paths, files, previous);
    const hub = hubs.get(spec.id) ?? create(spec, paths);
    hubs.set(spec.id, hub);
    hub.spec = spec;
    const state = hub.process.status().state;
    if (state === 'running' && !plan.restart) {
      // Routes first: a client reconnecting under its new file finds its LANs routed.
      await syncRoutes(hub);
      for (const commonName of plan.disconnect) await disconnect(hub, commonName);
      return hub.process.status();
    }
    const status =
      state === 'stopped' || (state === 'starting' && !plan.restart)
        ? await hub.process.run()
        : // A failed hub is retried now with what was just written rather than after its backoff.
          await hub.process.restart();
    // A start's routing set-up began when it got ready: it is part of the apply.
    await hub.routing.idle();
    return status;
  };

  /**
   * Stops the hub's process and takes its routing out. A hub not applied since the start has
   * neither: what a previous run left was cleared at the start.
   */
  const stopNow = async (hubId: number) => {
    const hub = hubs.get(hubId);
    if (!hub) return;
    await hub.process.stop();
    report(hubId, await hub.routing.clear());
  };

  return {
    availability: async () => {
      const result = await probe();
      return result.available ? { available: true, version: result.version } : result;
    },

    apply: (spec) => enqueue(spec.id, () => applyNow(spec)),

    stop: (hubId) => enqueue(hubId, () => stopNow(hubId)),

    remove: (hubId) =>
      enqueue(hubId, async () => {
        await stopNow(hubId);
        hubs.delete(hubId);
        // The keys go with the hub; a hub that never ran here has no directory (force).
        await rm(hubDir(hubId), { recursive: true, force: true });
      }),

    status: (hubId) => hubs.get(hubId)?.process.status() ?? STOPPED,

    async sessions(hubId) {
      const hub = hubs.get(hubId);
      return hub ? readSessions(hub) : [];
    },

    async disconnect(hubId, commonName) {
      const hub = hubs.get(hubId);
      if (hub) await disconnect(hub, commonName);
    },

    onEvent(listener) {
      listeners.add(listener);
      if (!poller) {
        for (const hub of hubs.values()) hub.seen = null;
        poller = setInterval(pollAll, options.pollMs ?? 3000);
        poller.unref();
        pollAll();
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && poller) {
          clearInterval(poller);
          poller = null;
        }
      };
    },

    async close() {
      if (poller) clearInterval(poller);
      poller = null;
      listeners.clear();
      await Promise.all([...hubs.keys()].map(stopNow));
    },
  };
};
