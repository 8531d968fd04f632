import {
  invitationDetailsSchema,
  invitationTokenParamsSchema,
  registerInvitationBodySchema,
  sessionUserResponseSchema,
  successEnvelope,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toCurrentUser } from '@/modules/identity/auth/current-user';
import {
  type CookieSettings,
  setSessionCookies,
  setXsrfCookie,
} from '@/modules/identity/auth/session-cookies';
import type { InvitationRegistrationService } from './invitation-registration.service';

export interface InvitationAccountRoutesOptions {
  invitationRegistrationService: InvitationRegistrationService;
  cookies: CookieSettings;
}

const tags = ['account'];

/** The invitee's pages of the account service: no session yet, the token in the link is the key. */
export const invitationAccountRoutes: FastifyPluginAsyncZod<
  InvitationAccountRoutesOptions
> = async (app, { invitationRegistrationService, cookies }) => {
  app.get(
    '/account/invitations/:token',
    {
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'What an invitation link offers (404 once it is used, withdrawn or expired)',
        params: invitationTokenParamsSchema,
        response: { 200: successEnvelope(invitationDetailsSchema) },
      },
    },
    async (request) => {
      const data = await invitationRegistrationService.details(request.params.token);
      return { success: true as const, data };
    },
  );

  app.post(
    '/account/invitations/:token/register',
    {
      // Like sign-in: the browser may still hold another session's cookies but no XSRF pair.
      config: { permission: 'public', xsrf: false },
      schema: {
        tags,
        summary:
          'Accept an invitation: create the account (and the new company, for company invitations) and sign in',
        params: invitationTokenParamsSchema,
        body: registerInvitationBodySchema,
        response: { 200: successEnvelope(sessionUserResponseSchema) },
      },
    },
    async (request, reply) => {
      const { tokens, auth } = await invitationRegistrationService.register(
        request.params.token,
        request.body,
        { ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 500) ?? null },
      );
      setSessionCookies(reply, tokens, cookies);
      setXsrfCookie(reply, cookies);
      return { success: true as const, data: { user: toCurrentUser(auth) } };
    },
  );
};
