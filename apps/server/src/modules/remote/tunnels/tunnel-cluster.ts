import type { Duplex } from 'node:stream';
import type { OpenPayload } from '@netfleet/contracts/tunnel';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { relayKey } from './relay-auth';
import { openRelay } from './relay-client';
import { createRelayServer, type RelayServer, type RelayServerDeps } from './relay-server';
import { createRedisTunnelRegistry, type TunnelRegistry } from './tunnel-registry';

/**
 * Scale-out (REDIS_URL): the dial's token and each tunnel's holder live in a shared registry, so
 * a device's dial may land on any instance, and a stream to a tunnel held elsewhere is relayed
 * through the instance that holds it.
 */
export interface TunnelCluster {
  registry: TunnelRegistry;
  /** A raw stream through the holder at `address` (relay-client.ts). */
  openRelay: (address: string, deviceId: number, target: OpenPayload) => Promise<Duplex>;
  /** Answers peers' relay requests with the tunnels held here (relay-server.ts). */
  relayServer: (localStream: RelayServerDeps['localStream']) => RelayServer;
}

export const createTunnelCluster = (options: {
  redis: Redis;
  /** INSTANCE_URL: where peers reach this instance. */
  self: string;
  /** Every instance reads the same one from the database: the relay key derives from it. */
  jwtSecret: string;
  log: RelayServerDeps['log'] & Pick<FastifyBaseLogger, 'info'>;
}): TunnelCluster => {
  const registry = createRedisTunnelRegistry(options.redis, options.self);
  const key = relayKey(options.jwtSecret);
  return {
    registry,
    openRelay: (address, deviceId, target) => openRelay({ address, key, deviceId, target }),
    relayServer: (localStream) =>
      createRelayServer({
        key,
        claimNonce: (nonce) => registry.claimNonce(nonce),
        localStream,
        log: options.log,
      }),
  };
};
