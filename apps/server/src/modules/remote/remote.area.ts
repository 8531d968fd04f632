import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { ModuleContext } from '@/modules/context';
import { connectModule } from '@/modules/remote/connect/connect.module';
import {
  type RemoteAccessDeps,
  remoteAccessModule,
} from '@/modules/remote/remote-access/remote-access.module';
import { tunnelsModule } from '@/modules/remote/tunnels/tunnels.module';
import { type VpnDeps, vpnModule } from '@/modules/remote/vpn/vpn.module';
import type { TunnelHub, TunnelHubDeps } from '@/modules/remote/tunnels/tunnel-hub';
import type { DeviceRequests } from '@/modules/fleet/device-jobs/device-requests';

export type RemoteAreaOptions = RemoteAccessDeps &
  Pick<TunnelHubDeps, 'requestTunnel'> &
  Pick<VpnDeps, 'jobs' | 'hubRuntime' | 'zoneHosting' | 'reconcileIntervalMs'> & {
    /** Shared by the instances: any of them reaches a tunnel another holds. */
    redis?: Redis | undefined;
    /** Questions only the device answers (its LAN hosts), as device jobs. */
    requests: Pick<DeviceRequests, 'ask'>;
  };

/**
 * Reaching devices from the browser: access rules and sessions (remote-access), the devices'
 * tunnels, and the relays that carry each session's traffic through them (connect); and VPN hubs
 * devices and users join (vpn).
 */
export const remoteArea = async (
  app: FastifyInstance,
  context: ModuleContext,
  options: RemoteAreaOptions,
) => {
  const { sessionStore, credentials, devices } = await remoteAccessModule(app, context, options);
  const hub = tunnelsModule(app, context, {
    requestTunnel: options.requestTunnel,
    presence: options.presence,
    redis: options.redis,
  });
  // Reachable from outside the modules (bench/remote-access.bench.ts opens streams on it).
  app.decorate('tunnelHub', hub);
  await connectModule(app, context, {
    sessions: sessionStore,
    credentials,
    hub,
    devices,
    requests: options.requests,
    presence: options.presence,
  });
  await vpnModule(app, context, {
    jobs: options.jobs,
    hubRuntime: options.hubRuntime,
    zoneHosting: options.zoneHosting,
    reconcileIntervalMs: options.reconcileIntervalMs,
  });
  return { sessionStore, credentials, hub };
};

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's device tunnels (remoteArea). */
    tunnelHub: TunnelHub;
  }
}
