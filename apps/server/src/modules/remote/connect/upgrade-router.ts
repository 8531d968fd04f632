import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { SOCKET_PATHS } from '@netfleet/contracts';
import type { AuthService } from '@/modules/identity/auth/auth.service';
import type { TunnelHub } from '@/modules/remote/tunnels/tunnel-hub';
import { authenticateUpgrade, type CookieParser } from './browser-auth';
import type { TerminalRelay } from './terminal-relay';
import type { VncRelay } from './vnc-relay';
import type { WebuiProxy } from './webui-proxy';

const CONNECT_PATH = /^\/api\/connect\/sessions\/([1-9]\d{0,9})\/(terminal|vnc)$/;

const refuse = (socket: Duplex, status: number, reason: string) =>
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);

/**
 * Every WebSocket upgrade but socket.io's: devices dialing their tunnel, browser terminals and
 * VNC, and WebSockets of a device web UI on its session origin. An unknown path is refused
 * rather than left hanging.
 */
export const routeUpgrades = (
  server: Server,
  deps: {
    hub: Pick<TunnelHub, 'handleUpgrade'>;
    terminal: TerminalRelay;
    vnc: VncRelay;
    webui: WebuiProxy;
    authService: Pick<AuthService, 'resolveSession'>;
    publicUrl: string;
    parseCookie: CookieParser;
    clientIp: (request: IncomingMessage) => string;
  },
) => {
  const socketIoPaths = Object.values(SOCKET_PATHS);
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    if (deps.webui.hostToken(request)) return void deps.webui.upgrade(request, socket, head);
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (socketIoPaths.some((p) => path.startsWith(p))) return;
    if (deps.hub.handleUpgrade(request, socket, head)) return;
    const match = CONNECT_PATH.exec(path);
    if (!match) return refuse(socket, 404, 'Not Found');
    void authenticateUpgrade(request, deps).then((auth) => {
      if (!auth) return void refuse(socket, 401, 'Unauthorized');
      const relay = match[2] === 'vnc' ? deps.vnc : deps.terminal;
      return relay.accept(request, socket, head, auth, Number(match[1]), deps.clientIp(request));
    });
  });
};
