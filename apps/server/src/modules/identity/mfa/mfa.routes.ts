import {
  emailEnrolmentSchema,
  emailVerifyBodySchema,
  emptySuccessSchema,
  mfaStatusSchema,
  recoveryCodesSchema,
  successEnvelope,
  totpEnrolmentSchema,
  totpVerifyBodySchema,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '@/plugins/auth';
import type { MfaService } from './mfa.service';

const tags = ['account'];

/**
 * The caller's second factor. Under /account, so a user whose company enforces MFA (and who gets
 * MFA_MANDATORY from GET /api/user) can still set it up; personal access tokens cannot.
 */
export const mfaRoutes: FastifyPluginAsyncZod<{ mfaService: MfaService }> = async (
  app,
  { mfaService },
) => {
  const config = { permission: 'authenticated', bearer: false } as const;
  const sensitive = { ...config, confirmPassword: true } as const;

  app.get(
    '/account/mfa',
    {
      config,
      schema: {
        tags,
        summary: 'Your MFA method, whether your company enforces MFA, and recovery codes left',
        response: { 200: successEnvelope(mfaStatusSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await mfaService.status(requireAuth(request)),
    }),
  );

  app.post(
    '/account/mfa/totp',
    {
      config: sensitive,
      schema: {
        tags,
        summary: 'Start authenticator app (TOTP) set-up: a new secret, its otpauth URL and QR code',
        response: { 200: successEnvelope(totpEnrolmentSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await mfaService.startTotp(requireAuth(request)),
    }),
  );

  app.post(
    '/account/mfa/totp/verify',
    {
      config,
      schema: {
        tags,
        summary:
          'Switch to TOTP with a code from the new secret; answers the recovery codes, shown once',
        body: totpVerifyBodySchema,
        response: { 200: successEnvelope(recoveryCodesSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await mfaService.verifyTotp(requireAuth(request), request.body.code, request.ip),
    }),
  );

  app.post(
    '/account/mfa/email',
    {
      config: sensitive,
      schema: {
        tags,
        summary: 'Start e-mail code set-up: mails a code valid for 10 minutes',
        response: { 200: successEnvelope(emailEnrolmentSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await mfaService.startEmail(requireAuth(request)),
    }),
  );

  app.post(
    '/account/mfa/email/verify',
    {
      config,
      schema: {
        tags,
        summary:
          'Switch to e-mail codes with the mailed code (5 tries); answers the recovery codes, shown once',
        body: emailVerifyBodySchema,
        response: { 200: successEnvelope(recoveryCodesSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await mfaService.verifyEmail(requireAuth(request), request.body, request.ip),
    }),
  );

  app.delete(
    '/account/mfa',
    {
      config: sensitive,
      schema: {
        tags,
        summary: 'Switch MFA off (refused when your company enforces it)',
        response: { 200: emptySuccessSchema },
      },
    },
    async (request) => {
      await mfaService.disable(requireAuth(request), request.ip);
      return { success: true as const };
    },
  );
};
