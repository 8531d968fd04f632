import {
  bulkEnvelope,
  deviceTagBodySchema,
  deviceTagOverwriteBodySchema,
  type ErrorItem,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '@/plugins/auth';
import type { DeviceTagsService } from './device-tags.service';

const tags = ['device tags'];
const update = { permission: 'update_devices' } as const;
const resultSchema = z.object({ device_id: z.number().int(), tag_id: z.array(z.number().int()) });
const response = { 200: bulkEnvelope(resultSchema), 207: bulkEnvelope(resultSchema) };

const answer = <T>(result: { data: T[]; errors: ErrorItem[] }) => ({
  status: (result.errors.length ? 207 : 200) as 200 | 207,
  body: {
    success: true as const,
    data: result.data,
    ...(result.errors.length ? { errors: result.errors } : {}),
    meta: { total: result.data.length },
  },
});

export const deviceTagsRoutes: FastifyPluginAsyncZod<{
  deviceTagsService: DeviceTagsService;
}> = async (app, { deviceTagsService }) => {
  for (const action of ['assign', 'unassign'] as const) {
    app.put(
      `/api/devices/tags/${action}`,
      {
        config: update,
        schema: {
          tags,
          summary: `${action === 'assign' ? 'Add' : 'Remove'} tags of devices ({data:[{device_id, tag_id}]}); 207 with errors[] (source = data.<index>)`,
          body: deviceTagBodySchema,
          response,
        },
      },
      async (request, reply) => {
        const result = await deviceTagsService[action](requireAuth(request), request.body.data);
        const { status, body } = answer(result);
        return reply.status(status).send(body);
      },
    );
  }

  app.put(
    '/api/devices/tags/overwrite',
    {
      config: update,
      schema: {
        tags,
        summary:
          "Replace devices' tags ({data:[{device_id, tag_id:[...]}]}); 207 with errors[] (source = data.<index>)",
        body: deviceTagOverwriteBodySchema,
        response,
      },
    },
    async (request, reply) => {
      const result = await deviceTagsService.overwrite(requireAuth(request), request.body.data);
      const { status, body } = answer(result);
      return reply.status(status).send(body);
    },
  );
};
