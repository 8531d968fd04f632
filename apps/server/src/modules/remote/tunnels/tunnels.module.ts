import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { hashDeviceCredential } from '@/lib/device-secrets';
import type { ModuleContext } from '@/modules/context';
import { createGatewayRepository } from '@/modules/fleet/device-gateway/gateway.repository';
import { createTunnelCluster } from './tunnel-cluster';
import { createTunnelHub, type TunnelHubDeps } from './tunnel-hub';

const LOOPBACK = /^(127\.|\[::1\]$|localhost$)/;

/**
 * The devices' remote-access tunnels held by this instance. Devices are asked to dial in over
 * the broker, so an instance without a device gateway reaches no device of its own. With Redis
 * (scale-out) the instances share where each tunnel is and relay streams to each other.
 */
export const tunnelsModule = (
  app: FastifyInstance,
  context: ModuleContext,
  deps: Pick<TunnelHubDeps, 'requestTunnel' | 'presence'> & { redis?: Redis | undefined },
) => {
  const { config } = context;
  const repository = createGatewayRepository(context.db);
  const cluster = deps.redis
    ? createTunnelCluster({
        redis: deps.redis,
        self: config.instanceUrl,
        jwtSecret: context.jwtSecret,
        log: app.log,
      })
    : undefined;
  if (cluster && LOOPBACK.test(new URL(config.instanceUrl).hostname)) {
    // Fine for several processes on one host; peers on other hosts would reach themselves.
    app.log.warn(
      { instanceUrl: config.instanceUrl },
      'INSTANCE_URL is a loopback address: set it when instances run on different hosts',
    );
  }
  const hub = createTunnelHub({
    requestTunnel: deps.requestTunnel,
    presence: deps.presence,
    verifyDevice: async (deviceId, password) =>
      (await repository.credentialHash(deviceId)) === hashDeviceCredential(password),
    tunnelUrl: config.tunnelUrl,
    idleMs: config.tunnelIdleSeconds * 1000,
    log: app.log,
    cluster,
  });
  // preClose: open tunnels and terminals would keep the HTTP server from closing.
  app.addHook('preClose', async () => hub.close());
  return hub;
};
