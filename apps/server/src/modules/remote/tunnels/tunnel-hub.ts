import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  TUNNEL_PATH,
  TUNNEL_TOKEN_HEADER,
  TunnelMux,
  type TunnelRequest,
} from '@netfleet/contracts/tunnel';
import type { FastifyBaseLogger } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Presence } from '@/modules/fleet/device-gateway/presence';
import { basicCredential, refuse, sameToken, sha256 } from './dial-credentials';
import { RELAY_PATH } from './relay-auth';
import type { TunnelCluster } from './tunnel-cluster';
import { tunnelErrors } from './tunnel-errors';
import { HOLDER_TTL_MS } from './tunnel-registry';
import { createTunnelRouting, openLocal, type Route } from './tunnel-routing';

/** How long a device has to dial back after being asked. */
const DIAL_TIMEOUT_MS = 10_000;

const PING_MS = 30_000;
/** A whole frame plus headers; devices never send bigger messages. */
const MAX_MESSAGE_BYTES = 128 * 1024;
/** How often a waiting instance looks whether the device's dial landed on another instance. */
const HOLDER_POLL_MS = 150;

export interface TunnelHubDeps {
  /** Publishes the request to the device over MQTT; null when this instance has no gateway. */
  requestTunnel: ((deviceId: number, request: TunnelRequest) => Promise<void>) | null;
  /** A device connected to another instance is asked too: the request goes through the broker. */
  presence: Pick<Presence, 'isOnline'>;
  /** Checks the device's own MQTT credential. */
  verifyDevice: (deviceId: number, password: string) => Promise<boolean>;
  /** ws(s)://host[:port] devices dial. */
  tunnelUrl: string;
  idleMs: number;
  /** How long a device has to dial back after being asked (10 s). */
  dialTimeoutMs?: number | undefined;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'debug'>;
  /** Without it (no Redis) this instance reaches only the tunnels dialed to it. */
  cluster?: TunnelCluster | undefined;
}

interface Dialing {
  /** Checked here on one instance; with a cluster, its hash is in the registry instead. */
  token: string;
  waiters: { resolve: (route: Route) => void; reject: (error: Error) => void }[];
  timer: NodeJS.Timeout;
  poll?: NodeJS.Timeout;
}

/**
 * The devices' tunnels held by this instance. A tunnel exists only while someone needs it: the
 * first stream to a device asks it (over MQTT) to dial in with its credential and a one-time
 * token; the tunnel closes after `idleMs` without streams. With a cluster, a stream to a device
 * whose tunnel another instance holds is relayed through that instance.
 */
export const createTunnelHub = (deps: TunnelHubDeps) => {
  const { cluster } = deps;
  const dialTimeoutMs = deps.dialTimeoutMs ?? DIAL_TIMEOUT_MS;
  const tunnels = new Map<number, TunnelMux>();
  const dialing = new Map<number, Dialing>();
  const sockets = new Map<TunnelMux, WebSocket>();
  let closing = false;
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_MESSAGE_BYTES,
    perMessageDeflate: false,
  });

  const settle = (deviceId: number, entry: Dialing, outcome: Route | Error) => {
    if (dialing.get(deviceId) !== entry) return;
    dialing.delete(deviceId);
    clearTimeout(entry.timer);
    clearInterval(entry.poll);
    for (const waiter of entry.waiters) {
      if (outcome instanceof Error) waiter.reject(outcome);
      else waiter.resolve(outcome);
    }
  };

  const warn = (message: string, deviceId: number) => (error: unknown) =>
    deps.log.warn({ err: error, deviceId }, message);

  const attach = (deviceId: number, ws: WebSocket) => {
    const mux = new TunnelMux({
      send: (frame) => ws.send(frame),
      close: () => ws.close(1000),
    });
    tunnels.get(deviceId)?.close('replaced by a new tunnel');
    tunnels.set(deviceId, mux);
    sockets.set(mux, ws);
    // The newest tunnel wins: peers relay through this one from now on.
    cluster?.registry.hold(deviceId).catch(warn('tunnel not registered', deviceId));
    let alive = true;
    ws.on('pong', () => (alive = true));
    const ping = setInterval(() => {
      if (!alive) return void ws.terminate();
      alive = false;
      ws.ping();
    }, PING_MS);
    ws.on('message', (data: Buffer) => mux.receive(data));
    ws.on('error', () => ws.terminate());
    ws.on('close', () => {
      clearInterval(ping);
      sockets.delete(mux);
      if (tunnels.get(deviceId) === mux) {
        tunnels.delete(deviceId);
        if (!closing)
          cluster?.registry.forget(deviceId).catch(warn('tunnel not unregistered', deviceId));
      }
      mux.close('tunnel closed');
      deps.log.info({ deviceId }, 'tunnel closed');
    });
    deps.log.info({ deviceId }, 'tunnel open');
    return mux;
  };

  const accept = (
    deviceId: number,
    upgrade: [IncomingMessage, Duplex, Buffer],
    opened: (mux: TunnelMux) => void,
  ) => wss.handleUpgrade(...upgrade, (ws) => opened(attach(deviceId, ws)));

  const handleDial = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const credential = basicCredential(request.headers.authorization);
    const token = request.headers[TUNNEL_TOKEN_HEADER];
    if (!credential || typeof token !== 'string') return refuse(socket, 401, 'Unauthorized');
    const { deviceId } = credential;
    if (cluster) {
      // Any instance may have asked: the token's hash is in the registry, taken once.
      void cluster.registry
        .takeToken(deviceId)
        .then(async (hash) => {
          if (hash === null || !sameToken(sha256(token), hash)) return false;
          return deps.verifyDevice(deviceId, credential.password);
        })
        .then(
          (ok) => {
            if (!ok) return refuse(socket, 401, 'Unauthorized');
            accept(deviceId, [request, socket, head], (mux) => {
              const waiting = dialing.get(deviceId);
              if (waiting) settle(deviceId, waiting, { mux });
            });
          },
          (error: unknown) => {
            deps.log.warn({ err: error, deviceId }, 'tunnel dial not checked');
            refuse(socket, 503, 'Service Unavailable');
          },
        );
      return;
    }
    const waiting = dialing.get(deviceId);
    if (!waiting || !sameToken(token, waiting.token)) return refuse(socket, 401, 'Unauthorized');
    void deps.verifyDevice(deviceId, credential.password).then((ok) => {
      // A dial with the device's credential spends the token; a wrong credential leaves it for
      // the device (with a cluster the registry hands a token out once, whoever presents it).
      const current = dialing.get(deviceId);
      if (!ok || current !== waiting) return refuse(socket, 401, 'Unauthorized');
      dialing.delete(deviceId);
      clearTimeout(waiting.timer);
      accept(deviceId, [request, socket, head], (mux) => {
        for (const waiter of waiting.waiters) waiter.resolve({ mux });
      });
    });
  };

  const dial = async (deviceId: number): Promise<Route> => {
    const ask = deps.requestTunnel;
    if (!ask || !(await deps.presence.isOnline(deviceId))) throw tunnelErrors.offline();
    // Another stream's dial may have landed while the database was asked.
    const landed = localTunnel(deviceId);
    if (landed) return { mux: landed };
    return new Promise((resolve, reject) => {
      const already = dialing.get(deviceId);
      if (already) return void already.waiters.push({ resolve, reject });
      const token = randomBytes(24).toString('base64url');
      const entry: Dialing = {
        token,
        waiters: [{ resolve, reject }],
        timer: setTimeout(() => settle(deviceId, entry, tunnelErrors.timeout()), dialTimeoutMs),
      };
      dialing.set(deviceId, entry);
      const request = {
        url: `${deps.tunnelUrl}${TUNNEL_PATH}`,
        token,
        expires_at: Date.now() + dialTimeoutMs,
      };
      const unpublished = (error: unknown) => {
        deps.log.warn({ err: error, deviceId }, 'tunnel request not published');
        settle(deviceId, entry, tunnelErrors.offline());
      };
      if (!cluster) return void ask(deviceId, request).catch(unpublished);
      // The dial may land on another instance (TUNNEL_URL is the load balancer): watch for it.
      const { registry } = cluster;
      entry.poll = setInterval(() => {
        registry.holder(deviceId).then(
          (holder) => {
            if (holder && holder !== registry.self) settle(deviceId, entry, { holder });
          },
          // Redis down: the next look may work, and the dial's timeout reports it otherwise.
          () => undefined,
        );
      }, HOLDER_POLL_MS);
      registry.offerToken(deviceId, sha256(token), dialTimeoutMs).then(
        // Not ours: another instance's request is pending, and its tunnel will serve us too.
        (mine) => void (mine ? ask(deviceId, request).catch(unpublished) : undefined),
        (error: Error) => settle(deviceId, entry, error),
      );
    });
  };

  const localTunnel = (deviceId: number) => {
    const open = tunnels.get(deviceId);
    return open && !open.isClosed ? open : null;
  };
  const { openStream } = createTunnelRouting({ cluster, localTunnel, dial, log: deps.log });

  const relayServer = cluster?.relayServer((deviceId, target) => {
    const mux = localTunnel(deviceId);
    return mux ? openLocal(mux, target) : null;
  });

  const idleSweep = setInterval(
    () => {
      const now = Date.now();
      for (const [deviceId, mux] of tunnels) {
        if (mux.streamCount === 0 && now - mux.idleSince > deps.idleMs) {
          deps.log.debug({ deviceId }, 'idle tunnel closed');
          mux.close('idle');
        }
      }
    },
    Math.min(5_000, deps.idleMs),
  );
  idleSweep.unref();

  // Registrations expire unless refreshed, so a crashed instance's tunnels are soon forgotten.
  const refresh =
    cluster &&
    setInterval(() => {
      const ids = [...tunnels.keys()];
      void Promise.allSettled(ids.map((id) => cluster.registry.refresh(id))).then((results) => {
        const failed = results.filter((result) => result.status === 'rejected').length;
        if (failed > 0) deps.log.warn({ failed }, 'tunnel registrations not refreshed');
      });
    }, HOLDER_TTL_MS / 3);
  refresh?.unref();

  return {
    /** Takes the upgrade when it is a device dialing in or a peer's relay; false otherwise. */
    handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean {
      const path = new URL(request.url ?? '/', 'http://x').pathname;
      if (path === TUNNEL_PATH) handleDial(request, socket, head);
      else if (path === RELAY_PATH && relayServer) relayServer.handle(request, socket, head);
      else return false;
      return true;
    },
    /** A stream to host:port on the device (or its LAN), dialing the tunnel first if needed. */
    openStream,
    hasTunnel: (deviceId: number) => tunnels.has(deviceId),
    /** Drops the device's tunnel held here; the next stream dials a fresh one. */
    restart(deviceId: number) {
      tunnels.get(deviceId)?.close('restarted by a user');
    },
    stats: () => ({
      tunnels: tunnels.size,
      streams: [...tunnels.values()].reduce((sum, mux) => sum + mux.streamCount, 0),
    }),
    async close() {
      closing = true;
      clearInterval(idleSweep);
      clearInterval(refresh);
      for (const entry of dialing.values()) {
        clearTimeout(entry.timer);
        clearInterval(entry.poll);
      }
      relayServer?.close();
      // Peers stop relaying here now rather than when the registrations expire.
      const held = [...tunnels.keys()];
      if (cluster) await Promise.allSettled(held.map((id) => cluster.registry.forget(id)));
      for (const mux of tunnels.values()) mux.close('server shutting down');
      for (const ws of sockets.values()) ws.terminate();
      wss.close();
    },
  };
};

export type TunnelHub = ReturnType<typeof createTunnelHub>;
