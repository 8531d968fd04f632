import {
  currentUserResponseSchema,
  emptySuccessSchema,
  loginBodySchema,
  refreshResponseSchema,
  revokeBodySchema,
  revokeResponseSchema,
  sessionUserResponseSchema,
  successEnvelope,
  updateAccountUserBodySchema,
  verifyEmailBodySchema,
} from '@netfleet/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError, unauthorized } from '@/lib/api-error';
import { requireAuth } from '@/plugins/auth';
import { toCurrentUser } from '@/modules/identity/auth/current-user';
import {
  clearSessionCookies,
  type CookieSettings,
  REFRESH_COOKIE,
  sessionCookies,
  setSessionCookies,
  setXsrfCookie,
  XSRF_COOKIE,
} from '@/modules/identity/auth/session-cookies';
import type { SessionService } from '@/modules/identity/auth/session.service';
import type { AccountService } from './account.service';

export interface AccountRoutesOptions {
  accountService: AccountService;
  sessionService: SessionService;
  cookies: CookieSettings;
  publicUrl: string;
}

const LOGIN_PATH = '/login';

/**
 * Spec §5: follow a redirect only to our own host; anything else goes to the login page. The
 * answer is rebuilt from the parsed URL, never the input, so what the browser follows is what was
 * checked: an absolute URL stays absolute (without credentials), a relative one becomes a path.
 */
export const safeRedirect = (redirectUri: string | undefined, publicUrl: string): string => {
  if (!redirectUri) return LOGIN_PATH;
  let target: URL;
  try {
    target = new URL(redirectUri, publicUrl);
  } catch {
    return LOGIN_PATH;
  }
  const webScheme = target.protocol === 'http:' || target.protocol === 'https:';
  if (!webScheme || target.host !== new URL(publicUrl).host) return LOGIN_PATH;
  if (URL.canParse(redirectUri)) {
    target.username = '';
    target.password = '';
    return target.href;
  }
  // `/.//evil.example` parses to the path `//evil.example`, which a browser reads as a host.
  return `/${target.pathname.replace(/^\/+/, '')}${target.search}${target.hash}`;
};

const meta = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
});

const tags = ['account'];

/** The account service: /account/* (no /api prefix) plus GET /api/user. */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, options) => {
  const { accountService, sessionService, cookies, publicUrl } = options;

  const endSession = async (request: FastifyRequest, reply: FastifyReply) => {
    const sessionId = await sessionService.findSessionId(sessionCookies(request));
    if (sessionId) await accountService.logout(sessionId, request.ip);
    clearSessionCookies(reply, cookies);
  };

  app.post(
    '/account/login',
    {
      config: { permission: 'public', xsrf: false },
      schema: {
        tags,
        summary:
          'Sign in with e-mail and password. With MFA on, 401 MFA_REQUIRED carries data.session_uuid: resubmit with it and the code as session_code',
        body: loginBodySchema,
        response: { 200: successEnvelope(sessionUserResponseSchema) },
      },
    },
    async (request, reply) => {
      const { tokens, auth } = await accountService.login(request.body, meta(request));
      setSessionCookies(reply, tokens, cookies);
      setXsrfCookie(reply, cookies);
      return { success: true as const, data: { user: toCurrentUser(auth, { issuer: publicUrl }) } };
    },
  );

  app.post(
    '/account/logout',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'Sign out',
        response: { 200: successEnvelope(revokeResponseSchema) },
      },
    },
    async (request, reply) => {
      await endSession(request, reply);
      return { success: true as const, data: { location: LOGIN_PATH } };
    },
  );

  app.post(
    '/account/token/refresh',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'Rotate the refresh token and issue a new access token',
        response: { 200: successEnvelope(refreshResponseSchema) },
      },
    },
    async (request, reply) => {
      const refreshToken = request.cookies[REFRESH_COOKIE];
      if (!refreshToken) throw unauthorized('No session to refresh');
      try {
        const tokens = await sessionService.refresh(refreshToken);
        setSessionCookies(reply, tokens, cookies);
        return { success: true as const, data: { exp: tokens.access.exp } };
      } catch (error) {
        if (error instanceof ApiError && error.statusCode === 401)
          clearSessionCookies(reply, cookies);
        throw error;
      }
    },
  );

  app.post(
    '/account/token/revoke',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'End the session; `location` says where to go next',
        // The SPA may send no body at all (fastify then hands the validator null).
        body: revokeBodySchema.nullish(),
        response: { 200: successEnvelope(revokeResponseSchema) },
      },
    },
    async (request, reply) => {
      await endSession(request, reply);
      return {
        success: true as const,
        data: { location: safeRedirect(request.body?.redirect_uri, publicUrl) },
      };
    },
  );

  app.put(
    '/account/user',
    {
      config: { permission: 'authenticated', bearer: false },
      schema: {
        tags,
        summary:
          'Accept the terms of service and/or set the e-mail address (a new one must be verified again; changing it needs a recent password confirmation, else 423)',
        body: updateAccountUserBodySchema,
        response: { 200: successEnvelope(sessionUserResponseSchema) },
      },
    },
    async (request) => {
      const auth = await accountService.updateUser(requireAuth(request), request.body, request.ip);
      return { success: true as const, data: { user: toCurrentUser(auth, { issuer: publicUrl }) } };
    },
  );

  app.post(
    '/account/user/activation/resend',
    {
      config: { permission: 'authenticated', bearer: false },
      schema: {
        tags,
        summary: 'Send the e-mail verification link again',
        response: { 200: emptySuccessSchema },
      },
    },
    async (request) => {
      await accountService.resendActivation(requireAuth(request));
      return { success: true as const };
    },
  );

  app.post(
    '/account/email/verify',
    {
      config: { permission: 'public', xsrf: false },
      schema: {
        tags,
        summary: 'Confirm an e-mail address with the token from the mail',
        body: verifyEmailBodySchema,
        response: { 200: emptySuccessSchema },
      },
    },
    async (request) => {
      await accountService.verifyEmail(request.body.token);
      return { success: true as const };
    },
  );

  app.get(
    '/api/user',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['user'],
        summary: 'The current user (spec §3)',
        // RMS answers the user's fields at the top level, next to `success` (no `data`).
        response: { 200: currentUserResponseSchema },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const user = await accountService.currentUser(auth);
      if (auth.via === 'session' && !request.cookies[XSRF_COOKIE]) setXsrfCookie(reply, cookies);
      return { success: true as const, ...user };
    },
  );
};
