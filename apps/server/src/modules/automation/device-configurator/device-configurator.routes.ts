import {
  configActionAnswerSchema,
  configActionDeviceSchema,
  configActionListQuerySchema,
  configActionSchema,
  configLogListQuerySchema,
  configLogSchema,
  configRollbackBodySchema,
  configSpecificationQuerySchema,
  configTemplateListQuerySchema,
  configTemplateSchema,
  configureBodySchema,
  createConfigTemplateBodySchema,
  emptySuccessSchema,
  errorEnvelopeSchema,
  idSchema,
  listEnvelope,
  readConfigurationBodySchema,
  successEnvelope,
  updateConfigTemplateBodySchema,
  useConfigTemplateBodySchema,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '@/plugins/auth';
import type { ConfigActionsService } from './config-actions.service';
import { configSpecification } from './config-specification';
import type { ConfigTemplatesService } from './config-templates.service';

const tags = ['device multi configuration'];
const templateTags = ['device multi configuration templates'];
const logTags = ['device multi configuration logs'];
const configure = { permission: 'create_multi_configuration' } as const;
const idParams = z.object({ id: idSchema });
const actionParams = z.object({ name: z.string().min(1).max(64) });
const failures = { 404: errorEnvelopeSchema, 409: errorEnvelopeSchema, 422: errorEnvelopeSchema };
const started = { 200: configActionAnswerSchema, ...failures };
const answer = ({ channel, actionName }: { channel: string; actionName: string }) => ({
  success: true as const,
  meta: { channel, action_name: actionName },
});

/** RMS device multi configuration, its templates and logs, and netfleet's actions and rollback. */
export const deviceConfiguratorRoutes: FastifyPluginAsyncZod<{
  templates: ConfigTemplatesService;
  actions: ConfigActionsService;
}> = async (app, { templates, actions }) => {
  app.get(
    '/api/devices/configurator/specification',
    {
      config: configure,
      schema: {
        tags,
        summary: 'Where to read the configuration API of devices',
        querystring: configSpecificationQuerySchema,
        response: { 200: z.object({ success: z.literal(true), url: z.string() }), ...failures },
      },
    },
    async (request) => {
      await actions.models(requireAuth(request), request.query.device_id);
      const ids = request.query.device_id.join(',');
      return {
        success: true as const,
        url: `/api/devices/configurator/specification/document?device_id=${ids}`,
      };
    },
  );

  app.get(
    '/api/devices/configurator/specification/document',
    {
      config: configure,
      schema: {
        tags,
        summary: 'The configuration API the devices share, as OpenAPI 3.1',
        querystring: configSpecificationQuerySchema,
        response: { 200: z.record(z.string(), z.unknown()), ...failures },
      },
    },
    async (request) =>
      configSpecification(await actions.models(requireAuth(request), request.query.device_id)),
  );

  app.post(
    '/api/devices/configurator/configuration',
    {
      config: configure,
      schema: {
        tags,
        summary:
          'Read configuration values from a device (async: the values arrive on the channel)',
        body: readConfigurationBodySchema,
        response: started,
      },
    },
    async (request) => answer(await actions.read(requireAuth(request), request.body, request.ip)),
  );

  app.post(
    '/api/devices/configurator/configure',
    {
      config: configure,
      schema: {
        tags,
        summary:
          'Send configuration to devices (async; each device applies its requests all or nothing)',
        body: configureBodySchema,
        response: started,
      },
    },
    async (request) =>
      answer(await actions.configure(requireAuth(request), request.body, request.ip)),
  );

  app.get(
    '/api/devices/configurator/templates',
    {
      config: configure,
      schema: {
        tags: templateTags,
        summary: 'Configuration templates of the companies you can see',
        querystring: configTemplateListQuerySchema,
        response: { 200: listEnvelope(configTemplateSchema) },
      },
    },
    async (request) => {
      const { data, total } = await templates.list(requireAuth(request), request.query);
      return { success: true as const, data, meta: { total } };
    },
  );

  app.post(
    '/api/devices/configurator/templates',
    {
      config: configure,
      schema: {
        tags: templateTags,
        summary: 'Create a configuration template',
        body: createConfigTemplateBodySchema,
        response: { 201: successEnvelope(configTemplateSchema), ...failures },
      },
    },
    async (request, reply) => {
      const data = await templates.create(requireAuth(request), request.body, request.ip);
      return reply.code(201).send({ success: true as const, data });
    },
  );

  app.get(
    '/api/devices/configurator/templates/:id',
    {
      config: configure,
      schema: {
        tags: templateTags,
        summary: 'A configuration template',
        params: idParams,
        response: { 200: successEnvelope(configTemplateSchema), ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: await templates.get(requireAuth(request), request.params.id),
    }),
  );

  app.put(
    '/api/devices/configurator/templates/:id',
    {
      config: configure,
      schema: {
        tags: templateTags,
        summary: 'Change a configuration template',
        params: idParams,
        body: updateConfigTemplateBodySchema,
        response: { 200: successEnvelope(configTemplateSchema), ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: await templates.update(
        requireAuth(request),
        request.params.id,
        request.body,
        request.ip,
      ),
    }),
  );

  app.delete(
    '/api/devices/configurator/templates/:id',
    {
      config: configure,
      schema: {
        tags: templateTags,
        summary: 'Remove a configuration template (its past actions stay)',
        params: idParams,
        response: { 200: emptySuccessSchema, ...failures },
      },
    },
    async (request) => {
      await templates.remove(requireAuth(request), request.params.id, request.ip);
      return { success: true as const };
    },
  );

  app.post(
    '/api/devices/configurator/templates/:id/use',
    {
      config: configure,
      schema: {
        tags: templateTags,
        summary: 'Apply a template to devices (async)',
        description:
          'Every device must fit the template’s model and firmware range, or nothing is sent.',
        params: idParams,
        body: useConfigTemplateBodySchema,
        response: started,
      },
    },
    async (request) =>
      answer(
        await actions.useTemplate(
          requireAuth(request),
          request.params.id,
          request.body,
          request.ip,
        ),
      ),
  );

  app.get(
    '/api/devices/:id/configurator/logs',
    {
      // Logs carry configuration values (Wi-Fi keys among them): the configurators' to read.
      config: configure,
      schema: {
        tags: logTags,
        summary: 'Configuration logs of a device: a row per request of each action, newest first',
        description: 'limit and offset count actions; each action lists a row per request.',
        params: idParams,
        querystring: configLogListQuerySchema,
        response: { 200: listEnvelope(configLogSchema), 404: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const { data, total } = await actions.logs(
        requireAuth(request),
        request.params.id,
        request.query,
      );
      return { success: true as const, data, meta: { total } };
    },
  );

  app.get(
    '/api/devices/:id/configurator/logs/:action_name',
    {
      // Logs carry configuration values (Wi-Fi keys among them): the configurators' to read.
      config: configure,
      schema: {
        tags: logTags,
        summary: 'Configuration logs of one action on a device',
        params: idParams.extend({ action_name: z.string().min(1).max(64) }),
        querystring: configLogListQuerySchema,
        response: { 200: listEnvelope(configLogSchema), 404: errorEnvelopeSchema },
      },
    },
    async (request) => {
      const { id, action_name: name } = request.params;
      const { data, total } = await actions.logs(requireAuth(request), id, request.query, name);
      return { success: true as const, data, meta: { total } };
    },
  );

  app.get(
    '/api/devices/configurator/actions',
    {
      config: configure,
      schema: {
        tags,
        summary: 'Configuration actions (configure, template use, rollback, read), newest first',
        querystring: configActionListQuerySchema,
        response: { 200: listEnvelope(configActionSchema) },
      },
    },
    async (request) => {
      const { data, total } = await actions.list(requireAuth(request), request.query);
      return { success: true as const, data, meta: { total } };
    },
  );

  app.get(
    '/api/devices/configurator/actions/:name',
    {
      config: configure,
      schema: {
        tags,
        summary: 'A configuration action with its devices’ progress',
        params: actionParams,
        response: { 200: successEnvelope(configActionSchema), ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: await actions.get(requireAuth(request), request.params.name),
    }),
  );

  app.get(
    '/api/devices/configurator/actions/:name/devices',
    {
      config: configure,
      schema: {
        tags,
        summary: 'How each device took an action, with what it changed (read back from the device)',
        params: actionParams,
        querystring: configLogListQuerySchema,
        response: { 200: listEnvelope(configActionDeviceSchema), ...failures },
      },
    },
    async (request) => {
      const { data, total } = await actions.devices(
        requireAuth(request),
        request.params.name,
        request.query,
      );
      return { success: true as const, data, meta: { total } };
    },
  );

  app.post(
    '/api/devices/configurator/actions/:name/rollback',
    {
      config: configure,
      schema: {
        tags,
        summary: 'Undo an action on the devices that completed it (async)',
        params: actionParams,
        body: configRollbackBodySchema,
        response: started,
      },
    },
    async (request) =>
      answer(
        await actions.rollback(requireAuth(request), request.params.name, request.body, request.ip),
      ),
  );
};
