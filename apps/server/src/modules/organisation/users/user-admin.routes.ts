import {
  adminUserEmailBodySchema,
  emptySuccessSchema,
  listEnvelope,
  listQuerySchema,
  successEnvelope,
  suppressedEmailParamsSchema,
  suppressedEmailSchema,
  userSchema,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '@/plugins/auth';
import type { SuppressedEmailsService } from './suppressed-emails.service';
import type { UsersService } from './users.service';

export interface UserAdminRoutesOptions {
  usersService: UsersService;
  suppressedEmailsService: SuppressedEmailsService;
}

const tags = ['users'];

/** The administration forms of the account menu that name a user by e-mail (spec §2, §5). */
export const userAdminRoutes: FastifyPluginAsyncZod<UserAdminRoutesOptions> = async (
  app,
  { usersService, suppressedEmailsService },
) => {
  app.delete(
    '/api/admin/users/mfa',
    {
      config: { permission: 'manage_users', confirmPassword: true },
      schema: {
        tags,
        summary:
          "Remove a user's multi-factor authentication (they sign in with the password alone)",
        body: adminUserEmailBodySchema,
        response: { 200: emptySuccessSchema },
      },
    },
    async (request) => {
      await usersService.removeMfa(requireAuth(request), request.body.email, request.ip);
      return { success: true as const };
    },
  );

  app.delete(
    '/api/admin/users',
    {
      config: { permission: 'manage_users', confirmPassword: true },
      schema: {
        tags,
        summary: 'Delete the user with this e-mail address',
        body: adminUserEmailBodySchema,
        response: { 200: emptySuccessSchema },
      },
    },
    async (request) => {
      await usersService.removeByEmail(requireAuth(request), request.body.email, request.ip);
      return { success: true as const };
    },
  );

  app.post(
    '/api/admin/users/sso',
    {
      config: { permission: 'manage_users' },
      schema: {
        tags,
        summary: "Make this user their company's single-sign-on administrator (the only one)",
        body: adminUserEmailBodySchema,
        response: { 200: successEnvelope(userSchema) },
      },
    },
    async (request) => {
      const data = await usersService.assignSsoAdmin(
        requireAuth(request),
        request.body.email,
        request.ip,
      );
      return { success: true as const, data };
    },
  );

  app.get(
    '/api/suppressed-emails',
    {
      config: { permission: 'manage_users' },
      schema: {
        tags,
        summary: 'Addresses no mail is sent to (bounces); yours are those of users you see',
        querystring: listQuerySchema,
        response: { 200: listEnvelope(suppressedEmailSchema) },
      },
    },
    async (request) => {
      const { data, total } = await suppressedEmailsService.list(
        requireAuth(request),
        request.query,
      );
      return { success: true as const, data, meta: { total } };
    },
  );

  app.delete(
    '/api/suppressed-emails/:email',
    {
      config: { permission: 'manage_users' },
      schema: {
        tags,
        summary: 'Take an address off the suppression list so it gets mail again',
        params: suppressedEmailParamsSchema,
        response: { 200: emptySuccessSchema },
      },
    },
    async (request) => {
      await suppressedEmailsService.remove(requireAuth(request), request.params.email, request.ip);
      return { success: true as const };
    },
  );
};
