import {
  ACCESS_RULE_FIELDS,
  accessRuleListQuerySchema,
  accessRuleSchema,
  accessRulesCreatedSchema,
  accessRuleUpdatedSchema,
  channelAnswerSchema,
  createAccessRulesBodySchema,
  deleteAccessRulesBodySchema,
  idSchema,
  listEnvelope,
  updateAccessRuleBodySchema,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '@/plugins/auth';
import type { AccessRulesService } from './access-rules.service';

const tags = ['remote access'];
const view = { permission: 'view_device_remote_access' } as const;
const manage = { permission: 'manage_device_remote_access' } as const;
const fieldNames = z.object({ success: z.literal(true), data: z.array(z.string()) });

/** RMS "device access" rules: GET/POST/DELETE /devices/remote-access, PUT one rule. */
export const accessRulesRoutes: FastifyPluginAsyncZod<{
  rulesService: AccessRulesService;
}> = async (app, { rulesService }) => {
  app.get(
    '/api/devices/remote-access',
    {
      config: view,
      schema: {
        tags,
        summary:
          'Access rules of the devices you can see (every rule unless limit is given; fields picks the answer fields, fields_only answers their names)',
        querystring: accessRuleListQuerySchema,
        response: { 200: z.union([listEnvelope(accessRuleSchema.partial()), fieldNames]) },
      },
    },
    async (request) => {
      if (request.query.fields_only) {
        return { success: true as const, data: [...ACCESS_RULE_FIELDS] };
      }
      const { data, total } = await rulesService.list(requireAuth(request), request.query);
      return { success: true as const, data, meta: { total } };
    },
  );

  app.post(
    '/api/devices/remote-access',
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Create access rules ({data:[...]}); all or none. A rule may only reach the device (127.0.0.1) or its private LAN',
        body: createAccessRulesBodySchema,
        response: { 201: accessRulesCreatedSchema },
      },
    },
    async (request, reply) => {
      const { channel, data } = await rulesService.create(
        requireAuth(request),
        request.body.data,
        request.ip,
      );
      return reply.status(201).send({ success: true as const, meta: { channel }, data });
    },
  );

  app.put(
    '/api/devices/remote-access/:access_id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Change an access rule (tag_id is accepted and not kept yet)',
        params: z.object({ access_id: idSchema }),
        body: updateAccessRuleBodySchema,
        response: { 200: accessRuleUpdatedSchema },
      },
    },
    async (request) => {
      const { channel, data } = await rulesService.update(
        requireAuth(request),
        request.params.access_id,
        request.body,
        request.ip,
      );
      return { success: true as const, meta: { channel }, data };
    },
  );

  app.delete(
    '/api/devices/remote-access',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Remove access rules ({id:[...]}); all or none. Their open sessions end with them',
        body: deleteAccessRulesBodySchema,
        response: { 200: channelAnswerSchema },
      },
    },
    async (request) => {
      const { channel } = await rulesService.remove(
        requireAuth(request),
        request.body.id,
        request.ip,
      );
      return { success: true as const, meta: { channel } };
    },
  );
};
