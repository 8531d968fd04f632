import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { HubLogger } from './hub-logger';
import { readHubFiles, writeHubFiles } from './hub-disk';
import { COMMON_NAME, lanRoutes, planApply, renderHubFiles } from './hub-files';
import { createHubProcess, type HubProcess } from './hub-process';
import { createRouteTable, forwards, ipCommand } from './hub-routes';
import type { HubEvent, HubRuntime, HubSession, HubSpec, HubStatus } from './hub-runtime.port';
import { type HubFilePaths, hubDeviceName, hubFilePaths } from './openvpn-config';
import { probeHubHost } from './openvpn-host';
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
  now?: () => Date;
  /** How often sessions are read for connected/disconnected events, while someone listens. */
  pollMs?: number;
}

interface Hub {
  spec: HubSpec;
  process: HubProcess;
  routes: ReturnType<typeof createRouteTable>;
  /** Sessions seen at the last poll, by common name + connected since. */
  seen: Map<string, HubSession> | null;
}

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
 */
export const createHubSupervisor = (options: HubSupervisorOptions): HubRuntime => {
  const { log } = options;
  const now = options.now ?? (() => new Date());
  const hubs = new Map<number, Hub>();
  const queues = new Map<number, Promise<unknown>>();
  const listeners = new Set<(event: HubEvent) => void>();
  const ip = ipCommand(options.netns);
  const probe = () => probeHubHost({ openvpnPath: options.openvpnPath });
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

  const syncRoutes = async (hub: Hub) => {
    const problems = await hub.routes.sync(lanRoutes(hub.spec), hub.spec.type);
    for (const problem of problems) log.error({ hubId: hub.spec.id, problem }, 'VPN hub route');
  };

  const create = (spec: HubSpec, paths: HubFilePaths): Hub => {
    const device = hubDeviceName(spec.id);
    const hub: Hub = {
      spec,
      seen: null,
      routes: createRouteTable(ip, device),
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
          await syncRoutes(hub);
          if (hub.spec.clients.some((client) => client.lans.length > 0)) {
            if (!(await forwards(ip, device))) {
              log.warn(
                { hubId: spec.id },
                'IP forwarding is off: clients reach the hub but not the LANs behind each ' +
                  'other. Fix: sysctl -w net.ipv4.ip_forward=1',
              );
            }
          }
        },
        onExit: () => {
          hub.routes.forget();
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

  /** Applies and stops of one hub run one after the other, each on what the previous left. */
  const enqueue = <T>(hubId: number, task: () => Promise<T>): Promise<T> => {
    const queued = (queues.get(hubId) ?? Promise.resolve()).then(task);
    queues.set(
      hubId,
      queued.catch(() => undefined),
    );
    return queued;
  };

  const hubDir = (hubId: number) => join(options.dataDir, 'vpn', 'hubs', String(hubId));

  const applyNow = async (spec: HubSpec): Promise<HubStatus> => {
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
      for (const commonName of plan.disconnect) await disconnect(hub, commonName);
      await syncRoutes(hub);
      return hub.process.status();
    }
    if (state === 'stopped' || (state === 'starting' && !plan.restart)) return hub.process.run();
    // A failed hub is retried now with what was just written rather than after its backoff.
    return hub.process.restart();
  };

  return {
    availability: async () => {
      const result = await probe();
      return result.available ? { available: true, version: result.version } : result;
    },

    apply: (spec) => enqueue(spec.id, () => applyNow(spec)),

    stop: (hubId) => enqueue(hubId, async () => hubs.get(hubId)?.process.stop()),

    remove: (hubId) =>
      enqueue(hubId, async () => {
        await hubs.get(hubId)?.process.stop();
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
      await Promise.all([...hubs.values()].map((hub) => hub.process.stop()));
    },
  };
};
