import {
  changePasswordBodySchema,
  emptySuccessSchema,
  passwordConfirmationBodySchema,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '@/plugins/auth';
import type { PasswordService } from './password.service';

const tags = ['account'];

export const passwordRoutes: FastifyPluginAsyncZod<{ passwordService: PasswordService }> = async (
  app,
  { passwordService },
) => {
  app.put(
    '/account/password',
    {
      config: { permission: 'authenticated', bearer: false },
      schema: {
        tags,
        summary: 'Change your password; your other sessions end, personal access tokens stay valid',
        body: changePasswordBodySchema,
        response: { 200: emptySuccessSchema },
      },
    },
    async (request) => {
      await passwordService.changePassword(requireAuth(request), request.body, request.ip);
      return { success: true as const };
    },
  );

  app.post(
    '/api/password-confirmation',
    {
      // An unverified user correcting a mistyped address must be able to confirm too.
      config: { permission: 'authenticated', bearer: false, allowUnverified: true },
      schema: {
        tags,
        summary:
          'Re-enter your password, so requests that answered 423 PASSWORD_CONFIRMATION_REQUIRED go through for a while',
        body: passwordConfirmationBodySchema,
        response: { 200: emptySuccessSchema },
      },
    },
    async (request) => {
      await passwordService.confirmPassword(requireAuth(request), request.body, request.ip);
      return { success: true as const };
    },
  );
};
