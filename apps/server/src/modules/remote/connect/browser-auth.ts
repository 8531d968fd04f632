import type { IncomingMessage } from 'node:http';
import { hasPermission } from '@netfleet/contracts';
import type { AuthService } from '@/modules/identity/auth/auth.service';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import { ACCESS_COOKIE } from '@/modules/identity/auth/session-cookies';

/** @fastify/cookie's parser (app.parseCookie), as the socket.io handshake uses it. */
export type CookieParser = (header: string) => Record<string, string | undefined>;

/**
 * The console user behind a WebSocket upgrade (terminal, VNC). Upgrades skip Fastify's hooks, so
 * this does what the auth plugin does for cookie callers, plus an Origin check: a page on another
 * site must not open a terminal with the user's cookies (cross-site WebSocket hijacking).
 */
export const authenticateUpgrade = async (
  request: IncomingMessage,
  deps: {
    authService: Pick<AuthService, 'resolveSession'>;
    publicUrl: string;
    parseCookie: CookieParser;
  },
): Promise<AuthContext | null> => {
  const origin = request.headers.origin;
  const host = request.headers.host;
  const allowed = new Set([new URL(deps.publicUrl).origin]);
  if (host) {
    allowed.add(`http://${host}`);
    allowed.add(`https://${host}`);
  }
  if (!origin || !allowed.has(origin)) return null;
  const token = deps.parseCookie(request.headers.cookie ?? '')[ACCESS_COOKIE];
  const auth = token ? await deps.authService.resolveSession(token) : null;
  if (!auth || !hasPermission(auth.permissions, 'manage_device_remote_access')) return null;
  return auth;
};
