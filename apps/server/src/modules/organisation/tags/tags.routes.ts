import {
  createTagBodySchema,
  emptySuccessSchema,
  idSchema,
  listEnvelope,
  successEnvelope,
  tagListQuerySchema,
  tagSchema,
  updateTagBodySchema,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listFieldPicker } from '@/lib/query-fields';
import { requireAuth } from '@/plugins/auth';
import type { TagsService } from './tags.service';

const tags = ['tags'];
const idParams = z.object({ id: idSchema });
const view = { permission: 'view_tags' } as const;
const manage = { permission: 'manage_tags' } as const;

export const tagsRoutes: FastifyPluginAsyncZod<{ tagsService: TagsService }> = async (
  app,
  { tagsService },
) => {
  app.get(
    '/api/tags',
    {
      config: view,
      schema: {
        tags,
        summary: 'Tags of the companies you can see',
        querystring: tagListQuerySchema,
        response: { 200: listEnvelope(tagSchema.partial()) },
      },
    },
    async (request) => {
      const pick = listFieldPicker(tagSchema, request.query.fields);
      const { data, total } = await tagsService.list(requireAuth(request), request.query);
      return { success: true as const, data: data.map(pick), meta: { total } };
    },
  );

  app.get(
    '/api/tags/:id',
    {
      config: view,
      schema: {
        tags,
        summary: 'One tag',
        params: idParams,
        response: { 200: successEnvelope(tagSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await tagsService.get(requireAuth(request), request.params.id),
    }),
  );

  app.post(
    '/api/tags',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Create a tag; its name is unique in the company, whatever its case',
        body: createTagBodySchema,
        response: { 201: successEnvelope(tagSchema) },
      },
    },
    async (request, reply) => {
      const tag = await tagsService.create(requireAuth(request), request.body, request.ip);
      return reply.status(201).send({ success: true as const, data: tag });
    },
  );

  app.put(
    '/api/tags/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Rename a tag or change its description or colour',
        params: idParams,
        body: updateTagBodySchema,
        response: { 200: successEnvelope(tagSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await tagsService.update(
        requireAuth(request),
        request.params.id,
        request.body,
        request.ip,
      ),
    }),
  );

  app.delete(
    '/api/tags/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Remove a tag',
        params: idParams,
        response: { 200: emptySuccessSchema },
      },
    },
    async (request) => {
      await tagsService.remove(requireAuth(request), request.params.id, request.ip);
      return { success: true as const };
    },
  );
};
