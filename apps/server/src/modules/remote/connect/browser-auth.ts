import type { IncomingMessage } from 'node:http';
import { hasPermission } from '@netfleet/contracts';
import type { AuthService } from '@/modules/identity/auth/auth.service';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import { ACCESS_COOKIE } from '@/modules/identity/auth/session-cookies';

export const readCookie = (header: string | undefined, name: string): string | undefined => {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
};

/**
 * The console user behind a WebSocket upgrade (terminal, VNC). Upgrades skip Fastify's hooks, so
 * this does what the auth plugin does for cookie callers, plus an Origin check: a page on another
 * site must not open a terminal with the user's cookies (cross-site WebSocket hijacking).
 */
export const authenticateUpgrade = async (
  request: IncomingMessage,
  deps: { authService: Pick<AuthService, 'resolveSession'>; publicUrl: string },
): Promise<AuthContext | null> => {
  const origin = request.headers.origin;
  const host = request.headers.host;
  const allowed = new Set([new URL(deps.publicUrl).origin]);
  if (host) {
    allowed.add(`http://${host}`);
    allowed.add(`https://${host}`);
  }
  if (!origin || !allowed.has(origin)) return null;
  const token = readCookie(request.headers.cookie, ACCESS_COOKIE);
  const auth = token ? await deps.authService.resolveSession(token) : null;
  if (!auth || !hasPermission(auth.permissions, 'manage_device_remote_access')) return null;
  return auth;
};
