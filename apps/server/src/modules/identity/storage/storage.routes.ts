import {
  emptySuccessSchema,
  listEnvelope,
  listQuerySchema,
  storageKeySchema,
  storageRecordSchema,
  storageSetBodySchema,
  successEnvelope,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '@/plugins/auth';
import type { StorageService } from './storage.service';

const tags = ['storage'];
const keyParams = z.object({ key: storageKeySchema });
const pageQuery = listQuerySchema.pick({ limit: true, offset: true });

export const storageRoutes: FastifyPluginAsyncZod<{ storageService: StorageService }> = async (
  app,
  { storageService },
) => {
  app.get(
    '/api/storage',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Your stored settings',
        querystring: pageQuery,
        response: { 200: listEnvelope(storageRecordSchema) },
      },
    },
    async (request) => {
      const { rows, total } = await storageService.list(
        requireAuth(request).user.id,
        request.query,
      );
      return { success: true as const, data: rows, meta: { total } };
    },
  );

  app.post(
    '/api/storage',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Store a new key (409 if it exists)',
        body: storageRecordSchema,
        response: { 201: successEnvelope(storageRecordSchema) },
      },
    },
    async (request, reply) => {
      const record = await storageService.create(requireAuth(request).user.id, request.body);
      return reply.status(201).send({ success: true as const, data: record });
    },
  );

  app.put(
    '/api/storage/:key',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Change the value of an existing key (404 if missing)',
        params: keyParams,
        body: storageSetBodySchema,
        response: { 200: successEnvelope(storageRecordSchema) },
      },
    },
    async (request) => {
      const record = await storageService.update(
        requireAuth(request).user.id,
        request.params.key,
        request.body.value,
      );
      return { success: true as const, data: record };
    },
  );

  app.delete(
    '/api/storage/:key',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: 'Remove a key',
        params: keyParams,
        response: { 200: emptySuccessSchema },
      },
    },
    async (request) => {
      await storageService.remove(requireAuth(request).user.id, request.params.key);
      return { success: true as const };
    },
  );
};
