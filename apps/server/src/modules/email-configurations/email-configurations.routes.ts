import {
  createEmailConfigurationBodySchema,
  emailConfigurationListQuerySchema,
  emailConfigurationSchema,
  emptySuccessSchema,
  idSchema,
  listEnvelope,
  successEnvelope,
  testEmailConfigurationBodySchema,
  updateEmailConfigurationBodySchema,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '@/plugins/auth';
import type { EmailConfigurationsService } from './email-configurations.service';

const tags = ['email-configurations'];
const idParams = z.object({ id: idSchema });

/** SMTP servers of the caller's companies; another company's id answers 404. */
export const emailConfigurationsRoutes: FastifyPluginAsyncZod<{
  emailConfigurationsService: EmailConfigurationsService;
}> = async (app, { emailConfigurationsService: service }) => {
  const config = { permission: 'manage_smtp' } as const;

  app.get(
    '/api/email-configurations',
    {
      config,
      schema: {
        tags,
        summary: 'SMTP servers of your companies (passwords are never returned)',
        querystring: emailConfigurationListQuerySchema,
        response: { 200: listEnvelope(emailConfigurationSchema) },
      },
    },
    async (request) => {
      const { data, total } = await service.list(requireAuth(request), request.query);
      return { success: true as const, data, meta: { total } };
    },
  );

  app.post(
    '/api/email-configurations',
    {
      config,
      schema: {
        tags,
        summary: 'Add an SMTP server to a company',
        body: createEmailConfigurationBodySchema,
        response: { 201: successEnvelope(emailConfigurationSchema) },
      },
    },
    async (request, reply) => {
      const data = await service.create(requireAuth(request), request.body, request.ip);
      return reply.status(201).send({ success: true as const, data });
    },
  );

  app.put(
    '/api/email-configurations/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Change an SMTP server; a password left out stays unchanged',
        params: idParams,
        body: updateEmailConfigurationBodySchema,
        response: { 200: successEnvelope(emailConfigurationSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.update(requireAuth(request), request.params.id, request.body, request.ip),
    }),
  );

  app.delete(
    '/api/email-configurations/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Remove an SMTP server',
        params: idParams,
        response: { 200: emptySuccessSchema },
      },
    },
    async (request) => {
      await service.remove(requireAuth(request), request.params.id, request.ip);
      return { success: true as const };
    },
  );

  app.post(
    '/api/email-configurations/:id/test',
    {
      config,
      schema: {
        tags,
        summary:
          'Send a test e-mail through this server (10 s timeout); a failure is a 422 with the SMTP error',
        params: idParams,
        body: testEmailConfigurationBodySchema,
        response: { 200: emptySuccessSchema },
      },
    },
    async (request) => {
      await service.test(requireAuth(request), request.params.id, request.body.to);
      return { success: true as const };
    },
  );
};
