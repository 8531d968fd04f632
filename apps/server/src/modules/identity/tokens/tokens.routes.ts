import {
  createdTokenSchema,
  createTokenBodySchema,
  emptySuccessSchema,
  idSchema,
  personalAccessTokenSchema,
  successEnvelope,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '@/plugins/auth';
import type { TokensService } from './tokens.service';

const tags = ['tokens'];

export const tokensRoutes: FastifyPluginAsyncZod<{ tokensService: TokensService }> = async (
  app,
  { tokensService },
) => {
  app.get(
    '/api/user/tokens',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Your personal access tokens (secrets are never shown again)',
        response: { 200: successEnvelope(z.array(personalAccessTokenSchema)) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await tokensService.list(requireAuth(request)),
    }),
  );

  app.post(
    '/api/user/tokens',
    {
      // A token must not be able to mint more tokens.
      config: { permission: 'authenticated', bearer: false, confirmPassword: true },
      schema: {
        tags,
        summary: 'Create a personal access token; the answer holds the secret once',
        body: createTokenBodySchema,
        response: { 201: successEnvelope(createdTokenSchema) },
      },
    },
    async (request, reply) => {
      const token = await tokensService.create(requireAuth(request), request.body, request.ip);
      return reply.status(201).send({ success: true as const, data: token });
    },
  );

  app.delete(
    '/api/user/tokens/:id',
    {
      config: { permission: 'authenticated', bearer: false },
      schema: {
        tags,
        summary: 'Revoke a personal access token',
        params: z.object({ id: idSchema }),
        response: { 200: emptySuccessSchema },
      },
    },
    async (request) => {
      await tokensService.revoke(requireAuth(request), request.params.id, request.ip);
      return { success: true as const };
    },
  );
};
