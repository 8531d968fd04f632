import {
  emptySuccessSchema,
  idSchema,
  invitationListQuerySchema,
  invitationSchema,
  inviteCompanyBodySchema,
  inviteUserBodySchema,
  listEnvelope,
  sentInvitationSchema,
  successEnvelope,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '@/plugins/auth';
import type { InvitationsService } from './invitations.service';

const tags = ['invitations'];
const invitationParams = z.object({ id: idSchema });
const linkDescription =
  'Without an SMTP server nothing is mailed: the answer then carries the one-time registration ' +
  'link as `invitation_link`, for the inviter to hand on. It is never present when mail is sent.';

export const invitationsRoutes: FastifyPluginAsyncZod<{
  invitationsService: InvitationsService;
}> = async (app, { invitationsService }) => {
  app.post(
    '/api/users/invite',
    {
      config: { permission: 'invite_users' },
      schema: {
        tags,
        summary:
          'Invite someone by e-mail into a company you see, with a role you may give (id or default role name)',
        description: linkDescription,
        body: inviteUserBodySchema,
        response: { 201: successEnvelope(sentInvitationSchema) },
      },
    },
    async (request, reply) => {
      const data = await invitationsService.invite(requireAuth(request), request.body, request.ip);
      return reply.code(201).send({ success: true as const, data });
    },
  );

  app.post(
    '/api/distributors/invitations',
    {
      // Creating a subsidiary is company management; inviting its administrator also needs
      // invite_users, which the service checks.
      config: { permission: 'manage_companies' },
      schema: {
        tags,
        summary:
          'Invite new company: the invitee registers as administrator of a new subsidiary of your company',
        description: linkDescription,
        body: inviteCompanyBodySchema,
        response: { 201: successEnvelope(sentInvitationSchema) },
      },
    },
    async (request, reply) => {
      const data = await invitationsService.inviteCompany(
        requireAuth(request),
        request.body,
        request.ip,
      );
      return reply.code(201).send({ success: true as const, data });
    },
  );

  app.get(
    '/api/users/invitations',
    {
      config: { permission: 'view_user_invitations' },
      schema: {
        tags,
        summary: 'Invitations into your companies; status is pending, expired or accepted',
        querystring: invitationListQuerySchema,
        response: { 200: listEnvelope(invitationSchema) },
      },
    },
    async (request) => {
      const { data, total } = await invitationsService.list(requireAuth(request), request.query);
      return { success: true as const, data, meta: { total } };
    },
  );

  app.post(
    '/api/users/invitations/:id/resend',
    {
      config: { permission: 'invite_users' },
      schema: {
        tags,
        summary: 'Mail a new link (valid 7 days; the old one stops working), at most once a minute',
        description: linkDescription,
        params: invitationParams,
        response: { 200: successEnvelope(sentInvitationSchema) },
      },
    },
    async (request) => {
      const data = await invitationsService.resend(
        requireAuth(request),
        request.params.id,
        request.ip,
      );
      return { success: true as const, data };
    },
  );

  app.delete(
    '/api/users/invitations/:id',
    {
      config: { permission: 'invite_users' },
      schema: {
        tags,
        summary: 'Withdraw an invitation (its link stops working)',
        params: invitationParams,
        response: { 200: emptySuccessSchema },
      },
    },
    async (request) => {
      await invitationsService.remove(requireAuth(request), request.params.id, request.ip);
      return { success: true as const };
    },
  );
};
