import {
  confirmImpersonationAccessBodySchema,
  emptySuccessSchema,
  idSchema,
  impersonationAccessBodySchema,
  impersonationAccessResponseSchema,
  impersonationLogSchema,
  listEnvelope,
  listQuerySchema,
  sessionUserResponseSchema,
  successEnvelope,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '@/plugins/auth';
import { toCurrentUser } from '@/modules/identity/auth/current-user';
import { type CookieSettings, setSessionCookies } from '@/modules/identity/auth/session-cookies';
import type { ImpersonationService } from './impersonation.service';

export interface ImpersonationRoutesOptions {
  impersonationService: ImpersonationService;
  cookies: CookieSettings;
}

const tags = ['impersonation'];
const userIdParams = z.object({ id: idSchema });

export const impersonationRoutes: FastifyPluginAsyncZod<ImpersonationRoutesOptions> = async (
  app,
  { impersonationService, cookies },
) => {
  app.post(
    '/api/users/:id/impersonate',
    {
      config: { permission: 'impersonate_users', bearer: false },
      schema: {
        tags,
        summary: 'Act as another user of your company subtree',
        params: userIdParams,
        response: { 200: successEnvelope(sessionUserResponseSchema) },
      },
    },
    async (request, reply) => {
      const { tokens, auth } = await impersonationService.start(
        requireAuth(request),
        request.params.id,
        request.ip,
      );
      setSessionCookies(reply, tokens, cookies);
      return { success: true as const, data: { user: toCurrentUser(auth) } };
    },
  );

  app.post(
    '/api/user/impersonation/cancel',
    {
      // The impersonated user may be unverified; the impersonator must still get back.
      config: { permission: 'authenticated', bearer: false, allowUnverified: true },
      schema: {
        tags,
        summary: 'Stop impersonating and continue as yourself',
        response: { 200: successEnvelope(sessionUserResponseSchema) },
      },
    },
    async (request, reply) => {
      const { tokens, auth } = await impersonationService.cancel(requireAuth(request), request.ip);
      setSessionCookies(reply, tokens, cookies);
      return { success: true as const, data: { user: toCurrentUser(auth) } };
    },
  );

  app.put(
    '/api/user/impersonation-access',
    {
      config: { permission: 'authenticated', bearer: false, confirmPassword: true },
      schema: {
        tags,
        summary: 'Let support impersonate you until a date (at most 30 days ahead)',
        body: impersonationAccessBodySchema,
        response: { 200: successEnvelope(impersonationAccessResponseSchema) },
      },
    },
    async (request) => {
      const limit = await impersonationService.grantAccess(
        requireAuth(request),
        request.body.until,
      );
      return { success: true as const, data: { impersonation_access_limit: limit } };
    },
  );

  app.post(
    '/api/users/:id/impersonation-access-request',
    {
      config: { permission: 'impersonate_users', bearer: false },
      schema: {
        tags,
        summary:
          'Mail a user a link (valid 24 hours) that lets you impersonate them for 7 days once they open it',
        params: userIdParams,
        response: { 200: emptySuccessSchema },
      },
    },
    async (request) => {
      await impersonationService.requestAccess(requireAuth(request), request.params.id, request.ip);
      return { success: true as const };
    },
  );

  app.post(
    '/api/user/confirm-impersonation-access',
    {
      config: { permission: 'authenticated', bearer: false },
      schema: {
        tags,
        summary:
          'Allow the impersonation asked for by mail: the token of the link, which must be yours',
        body: confirmImpersonationAccessBodySchema,
        response: { 200: successEnvelope(impersonationAccessResponseSchema) },
      },
    },
    async (request) => {
      const limit = await impersonationService.confirmAccess(
        requireAuth(request),
        request.body.token,
        request.ip,
      );
      return { success: true as const, data: { impersonation_access_limit: limit } };
    },
  );

  app.post(
    '/api/user/revoke-impersonation-access',
    {
      config: { permission: 'authenticated', bearer: false },
      schema: {
        tags,
        summary: 'Withdraw impersonation access and end running impersonations of you',
        response: { 200: successEnvelope(impersonationAccessResponseSchema) },
      },
    },
    async (request) => {
      await impersonationService.revokeAccess(requireAuth(request));
      return { success: true as const, data: { impersonation_access_limit: null } };
    },
  );

  app.get(
    '/api/users/impersonation-logs',
    {
      config: { permission: 'view_impersonation_logs' },
      schema: {
        tags,
        summary: 'Who impersonated whom, in your company subtree',
        querystring: listQuerySchema,
        response: { 200: listEnvelope(impersonationLogSchema) },
      },
    },
    async (request) => {
      const { data, total } = await impersonationService.listLogs(
        requireAuth(request),
        request.query,
      );
      return { success: true as const, data, meta: { total } };
    },
  );
};
