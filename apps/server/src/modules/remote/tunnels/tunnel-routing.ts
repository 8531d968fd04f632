import type { Duplex } from 'node:stream';
import type { OpenPayload, TunnelMux } from '@netfleet/contracts/tunnel';
import type { FastifyBaseLogger } from 'fastify';
import { HolderGone, RelayRefused } from './relay-client';
import type { TunnelCluster } from './tunnel-cluster';
import { openFailure, tunnelErrors } from './tunnel-errors';

/** Where a stream to the device goes: a tunnel held here, or the instance that holds it. */
export type Route = { mux: TunnelMux } | { holder: string };

export const openLocal = async (mux: TunnelMux, target: OpenPayload): Promise<Duplex> => {
  try {
    return await mux.open(target);
  } catch (error) {
    throw openFailure(error);
  }
};

/**
 * Opens streams to devices: through the tunnel held here, else (with a cluster) through the
 * instance the registry names, else by asking the device to dial (`dial`).
 */
export const createTunnelRouting = (deps: {
  cluster: TunnelCluster | undefined;
  localTunnel: (deviceId: number) => TunnelMux | null;
  dial: (deviceId: number) => Promise<Route>;
  log: Pick<FastifyBaseLogger, 'warn'>;
}) => {
  const { cluster } = deps;

  const routeTo = async (deviceId: number): Promise<Route> => {
    const local = deps.localTunnel(deviceId);
    if (local) return { mux: local };
    if (cluster) {
      const holder = await cluster.registry.holder(deviceId);
      const dialedMeanwhile = deps.localTunnel(deviceId);
      if (dialedMeanwhile) return { mux: dialedMeanwhile };
      if (holder && holder !== cluster.registry.self) return { holder };
      // Our own address but no tunnel here: left over from before a restart.
      if (holder) await cluster.registry.forget(deviceId, holder);
    }
    return deps.dial(deviceId);
  };

  /** A holder that is gone (dead, restarted) is forgotten and the device asked again, once. */
  const openStream = async (deviceId: number, target: OpenPayload): Promise<Duplex> => {
    for (let attempt = 1; ; attempt += 1) {
      const route = await routeTo(deviceId);
      if ('mux' in route) return openLocal(route.mux, target);
      if (!cluster) throw tunnelErrors.closed();
      try {
        return await cluster.openRelay(route.holder, deviceId, target);
      } catch (error) {
        if (error instanceof RelayRefused) {
          deps.log.warn({ err: error, deviceId, holder: route.holder }, 'relay refused by peer');
          throw tunnelErrors.closed();
        }
        if (!(error instanceof HolderGone)) throw error;
        deps.log.warn(
          { deviceId, holder: route.holder, reason: error.message },
          'tunnel holder gone; asking the device to dial again',
        );
        await cluster.registry.forget(deviceId, route.holder);
        if (attempt >= 2) throw tunnelErrors.closed();
      }
    }
  };

  return { openStream };
};
