import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '@/modules/context';
import type { Presence } from '@/modules/fleet/device-gateway/presence';
import type { TunnelHub } from '@/modules/remote/tunnels/tunnel-hub';
import type { DeviceRequests } from '@/modules/fleet/device-jobs/device-requests';
import type { RemoteDevicesRepository } from '@/modules/remote/remote-access/remote-devices.repository';
import { deviceProbeRoutes } from './device-probe.routes';
import { createDeviceProbeService } from './device-probe.service';
import { createSftpSessions } from './sftp-sessions';
import { sftpRoutes } from './sftp.routes';
import type { SessionStore } from './session-store.port';
import { createTerminalRelay, type CredentialVault } from './terminal-relay';
import { createTrafficMeter } from './traffic-meter';
import { routeUpgrades } from './upgrade-router';
import { createVncRelay } from './vnc-relay';
import { createWebuiProxy } from './webui-proxy';

type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * The relays that carry a session's traffic through the device's tunnel: the web UI proxy on
 * per-session origins, the browser terminal (SSH, telnet), SFTP and VNC.
 */
export const connectModule = async (
  app: FastifyInstance,
  context: ModuleContext,
  deps: {
    sessions: SessionStore;
    credentials: CredentialVault;
    hub: TunnelHub;
    devices: Pick<RemoteDevicesRepository, 'findVisible'>;
    requests: Pick<DeviceRequests, 'ask'>;
    presence: Pick<Presence, 'isOnline'>;
  },
) => {
  const { config, now } = context;
  const meter = createTrafficMeter(deps.sessions, app.log);
  const shared = { sessions: deps.sessions, hub: deps.hub, meter, now };
  const parseCookie = (header: string) => app.parseCookie(header);
  const webui = createWebuiProxy({
    ...shared,
    secret: context.jwtSecret,
    parseCookie,
    proxyDomain: config.proxyDomain,
    secureCookies: config.publicUrl.startsWith('https:'),
    log: app.log,
  });
  const terminal = createTerminalRelay({ ...shared, credentials: deps.credentials, log: app.log });
  const vnc = createVncRelay(shared);
  const sftp = createSftpSessions({ ...shared, credentials: deps.credentials });
  await app.register(sftpRoutes, { sftp });
  const probes = createDeviceProbeService({
    ...shared,
    devices: deps.devices,
    requests: deps.requests,
    presence: deps.presence,
    status: context.status,
    log: app.log,
  });
  await app.register(deviceProbeRoutes, { probes });

  // Requests for a web UI origin never reach the console's router: the device owns every path
  // there (including /api/...). Fastify offers no earlier hook than routing, so its listener is
  // wrapped.
  const clientIp = (request: IncomingMessage) => request.socket.remoteAddress ?? '';
  const listeners = app.server.listeners('request') as RequestListener[];
  app.server.removeAllListeners('request');
  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (webui.hostToken(request)) return void webui.handle(request, response, clientIp(request));
    for (const listener of listeners) listener.call(app.server, request, response);
  });
  routeUpgrades(app.server, {
    hub: deps.hub,
    terminal,
    vnc,
    webui,
    authService: context.auth.authService,
    publicUrl: config.publicUrl,
    parseCookie,
    clientIp,
  });
  // preClose: open tunnels and terminals would keep the HTTP server from closing.
  app.addHook('preClose', async () => {
    terminal.close();
    vnc.close();
    sftp.close();
    await meter.close();
  });
};
