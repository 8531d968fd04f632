import {
  emptySuccessSchema,
  forgotPasswordBodySchema,
  resetPasswordBodySchema,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PasswordResetService } from './password-reset.service';

const tags = ['account'];

/** Public, like sign-in: whoever forgot the password has no session (and maybe a stale cookie). */
export const passwordResetRoutes: FastifyPluginAsyncZod<{
  passwordResetService: PasswordResetService;
}> = async (app, { passwordResetService }) => {
  app.post(
    '/account/password/forgot',
    {
      config: { permission: 'public', xsrf: false },
      schema: {
        tags,
        summary:
          'Mail a one-time password reset link; the answer is the same whether or not an account uses the address',
        body: forgotPasswordBodySchema,
        response: { 200: emptySuccessSchema },
      },
    },
    async (request) => {
      await passwordResetService.requestReset(request.body, request.ip);
      return { success: true as const };
    },
  );

  app.post(
    '/account/password/reset',
    {
      config: { permission: 'public', xsrf: false },
      schema: {
        tags,
        summary:
          "Set a new password with the mailed link's token (once); every session of the account ends",
        body: resetPasswordBodySchema,
        response: { 200: emptySuccessSchema },
      },
    },
    async (request) => {
      await passwordResetService.reset(request.body, request.ip);
      return { success: true as const };
    },
  );
};
