import { timingSafeEqual } from 'node:crypto';
import { ERROR_CODES, hasPermission, type PermissionRequirement } from '@netfleet/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError, forbidden, unauthorized } from '@/lib/api-error';
import type { AuthService } from '@/modules/identity/auth/auth.service';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import { requirePasswordConfirmation } from '@/modules/identity/auth/password-confirmation';
import {
  ACCESS_COOKIE,
  REFRESH_COOKIE,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '@/modules/identity/auth/session-cookies';

/** What a route requires: a permission, or only a caller, or nothing. */
export type RoutePermission = PermissionRequirement | 'public' | 'authenticated';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every route: a route without it answers 403 and fails the permissions test. */
    permission?: RoutePermission;
    /** Set false where no XSRF cookie can exist yet (login, e-mail link). */
    xsrf?: boolean;
    /** Set false to refuse personal access tokens (token management, impersonation). */
    bearer?: boolean;
    /** Let a caller whose e-mail is unverified through (they must be able to get out). */
    allowUnverified?: boolean;
    /** Sensitive: a session must have confirmed its password recently, else 423 (spec §8). */
    confirmPassword?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** Every route with the permission it declared, for the deny-by-default test. */
    routePermissions: RouteRecord[];
  }
}

export interface RouteRecord {
  method: string;
  url: string;
  permission: RoutePermission | undefined;
  /** Needs a recent password confirmation (config.confirmPassword). */
  confirmPassword: boolean;
  /** Registered by a third-party plugin (docs UI, static files): public by construction. */
  pluginRoute: boolean;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Routes that plugins register; they serve only public assets. */
const PLUGIN_ROUTE = /^\/api\/docs(\/|$)|^\/\*$/;

const xsrfMismatch = (message: string) =>
  new ApiError(403, ERROR_CODES.XSRF_TOKEN_MISMATCH, message);

const sameSecret = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

const requireRequestedWith = (request: FastifyRequest) => {
  if (!request.headers['x-requested-with']) {
    throw xsrfMismatch('The X-Requested-With header is required');
  }
};

const requireXsrfToken = (request: FastifyRequest) => {
  const cookie = request.cookies[XSRF_COOKIE];
  const header = request.headers[XSRF_HEADER];
  if (!cookie || typeof header !== 'string' || !sameSecret(cookie, header)) {
    throw xsrfMismatch('The XSRF token is missing or does not match');
  }
};

/** The token of an `Authorization: Bearer` header ('' when malformed); also read by the socket handshake. */
export const bearerSecret = (header: string | undefined): string | undefined => {
  if (header === undefined) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? '';
};

export interface AuthPluginOptions {
  authService: AuthService;
  now: () => Date;
}

/**
 * Resolves the caller and enforces the route's declared permission before anything else runs
 * (validation included, so an anonymous caller learns nothing about a route's parameters).
 */
export const authPlugin = fp<AuthPluginOptions>(async (app: FastifyInstance, options) => {
  const { authService, now } = options;
  const records: RouteRecord[] = [];
  app.decorate('routePermissions', records);
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const pluginRoute = PLUGIN_ROUTE.test(route.url) && route.config?.permission === undefined;
    if (pluginRoute) route.config = { ...route.config, permission: 'public' };
    for (const method of methods) {
      records.push({
        method,
        url: route.url,
        permission: route.config?.permission,
        confirmPassword: route.config?.confirmPassword === true,
        pluginRoute,
      });
    }
  });

  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const config = request.routeOptions.config;
    const permission = config.permission;
    if (permission === undefined) throw forbidden('This route declares no permission');
    const mutating = MUTATING.has(request.method);

    if (permission === 'public') {
      if (mutating) {
        requireRequestedWith(request);
        const hasSessionCookie = Boolean(
          request.cookies[ACCESS_COOKIE] ?? request.cookies[REFRESH_COOKIE],
        );
        if (config.xsrf !== false && hasSessionCookie) requireXsrfToken(request);
      }
      return;
    }

    const bearer = bearerSecret(request.headers.authorization);
    if (bearer !== undefined) {
      request.auth = await authService.resolveBearer(bearer);
      if (!request.auth) throw unauthorized('Invalid, expired or revoked access token');
      if (config.bearer === false) throw forbidden('Personal access tokens cannot be used here');
    } else {
      const accessToken = request.cookies[ACCESS_COOKIE];
      request.auth = accessToken ? await authService.resolveSession(accessToken) : null;
      if (!request.auth) throw unauthorized();
      // Bearer requests carry no ambient credentials, so only cookie callers need these.
      if (mutating) {
        requireRequestedWith(request);
        if (config.xsrf !== false) requireXsrfToken(request);
      }
    }

    const auth = request.auth;
    // 401 (spec §6/§8): the session is not usable yet; the console shows its full-page notice.
    if (!auth.user.emailVerifiedAt && !config.allowUnverified && request.url.startsWith('/api/')) {
      throw new ApiError(401, ERROR_CODES.EMAIL_NOT_VERIFIED, 'Please verify your e-mail address');
    }
    if (permission !== 'authenticated' && !hasPermission(auth.permissions, permission)) {
      throw forbidden();
    }
  });

  // After validation, so a malformed request is a 422 before the user is asked for a password.
  app.addHook('preHandler', async (request) => {
    if (request.auth && request.routeOptions.config.confirmPassword) {
      requirePasswordConfirmation(request.auth, now());
    }
  });
});

/** The caller on routes that are not public; the auth hook guarantees it is there. */
export const requireAuth = (request: FastifyRequest): AuthContext => {
  if (!request.auth) throw unauthorized();
  return request.auth;
};
