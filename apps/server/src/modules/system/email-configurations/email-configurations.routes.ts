import {
  createEmailConfigurationBodySchema,
  EMAIL_CONFIGURATION_FIELDS,
  emailConfigurationFieldsQuerySchema,
  emailConfigurationListQuerySchema,
  emailConfigurationSchema,
  emailConfigurationUpdateResultSchema,
  emptySuccessSchema,
  ERROR_CODES,
  idSchema,
  listEnvelope,
  successEnvelope,
  testEmailConfigurationBodySchema,
  updateEmailConfigurationBodySchema,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
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
        summary:
          'Change an SMTP server; a password left out stays unchanged (fields picks the answer fields, fields_only answers the field names)',
        params: idParams,
        querystring: emailConfigurationFieldsQuerySchema,
        body: updateEmailConfigurationBodySchema,
        response: { 200: successEnvelope(emailConfigurationUpdateResultSchema) },
      },
    },
    async (request) => {
      const { fields, fields_only: fieldsOnly } = request.query;
      const unknown = fields?.find(
        (field) => !(EMAIL_CONFIGURATION_FIELDS as readonly string[]).includes(field),
      );
      if (unknown !== undefined) {
        throw new ApiError(
          400,
          ERROR_CODES.VALIDATION_ERROR,
          `Unknown field ${unknown}; fields: ${EMAIL_CONFIGURATION_FIELDS.join(', ')}`,
          'fields',
        );
      }
      const data = await service.update(
        requireAuth(request),
        request.params.id,
        request.body,
        request.ip,
      );
      if (fieldsOnly) return { success: true as const, data: [...EMAIL_CONFIGURATION_FIELDS] };
      if (!fields?.length) return { success: true as const, data };
      const picked = Object.fromEntries(
        fields.map((field) => [field, data[field as keyof typeof data]]),
      );
      return { success: true as const, data: picked };
    },
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
