import {
  customDataQuerySchema,
  customDataRowSchema,
  dataCollectAssignBodySchema,
  dataCollectAssignedQuerySchema,
  dataCollectAssignmentSchema,
  dataCollectConfigBodySchema,
  dataCollectConfigSchema,
  dataCollectFieldQuerySchema,
  dataCollectFieldsTemplateSchema,
  dataCollectGraphSchema,
  dataCollectListQuerySchema,
  dataCollectLogQuerySchema,
  dataCollectLogSchema,
  dataCollectSentSchema,
  dataCollectUnassignBodySchema,
  errorEnvelopeSchema,
  idSchema,
  listEnvelope,
  successEnvelope,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '@/plugins/auth';
import type { DataCollectService } from './data-collect.service';

const tags = ['data collect'];
const view = { permission: 'view_devices' } as const;
const manage = { permission: 'update_monitoring' } as const;
const idParams = z.object({ id: idSchema });
const failures = { 404: errorEnvelopeSchema, 422: errorEnvelopeSchema };
const sent = dataCollectSentSchema;
const sentAnswer = (channel: string | null) => ({ success: true as const, meta: { channel } });

/** RMS data collect: configs, their assignment to devices, logs and the values collected. */
export const dataCollectRoutes: FastifyPluginAsyncZod<{ dataCollect: DataCollectService }> = async (
  app,
  { dataCollect },
) => {
  app.get(
    '/api/data-collect/configs',
    {
      config: view,
      schema: {
        tags,
        summary: 'Data collect configs of the companies you can see',
        querystring: dataCollectListQuerySchema,
        response: { 200: listEnvelope(dataCollectConfigSchema) },
      },
    },
    async (request) => {
      const { data, total } = await dataCollect.list(requireAuth(request), request.query);
      return { success: true as const, data, meta: { total } };
    },
  );

  app.post(
    '/api/data-collect/configs',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Create a data collect config',
        body: dataCollectConfigBodySchema,
        response: { 200: successEnvelope(z.object({ id: z.number().int() })), ...failures },
      },
    },
    async (request) => {
      const id = await dataCollect.create(requireAuth(request), request.body, request.ip);
      return { success: true as const, data: { id } };
    },
  );

  app.get(
    '/api/data-collect/configs/assigned',
    {
      config: view,
      schema: {
        tags,
        summary: 'Which devices collect which configs',
        querystring: dataCollectAssignedQuerySchema,
        response: { 200: listEnvelope(dataCollectAssignmentSchema) },
      },
    },
    async (request) => {
      const { data, total } = await dataCollect.assigned(requireAuth(request), request.query);
      return { success: true as const, data, meta: { total } };
    },
  );

  app.put(
    '/api/data-collect/configs/assign',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Assign configs to devices (each device gets its new set as a job)',
        body: dataCollectAssignBodySchema,
        response: { 200: sent, ...failures },
      },
    },
    async (request) =>
      sentAnswer(await dataCollect.assign(requireAuth(request), request.body, request.ip)),
  );

  app.get(
    '/api/data-collect/configs/logs',
    {
      config: view,
      schema: {
        tags,
        summary: 'What went wrong when devices collected, newest first',
        querystring: dataCollectLogQuerySchema,
        response: { 200: listEnvelope(dataCollectLogSchema) },
      },
    },
    async (request) => {
      const { data, total } = await dataCollect.logs(requireAuth(request), request.query);
      return { success: true as const, data, meta: { total } };
    },
  );

  app.get(
    '/api/data-collect/configs/:id',
    {
      config: view,
      schema: {
        tags,
        summary: 'One data collect config',
        params: idParams,
        response: { 200: successEnvelope(dataCollectConfigSchema), ...failures },
      },
    },
    async (request) => ({
      success: true as const,
      data: await dataCollect.get(requireAuth(request), request.params.id),
    }),
  );

  app.put(
    '/api/data-collect/configs/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Change a data collect config (devices collecting it get the new version)',
        params: idParams,
        body: dataCollectConfigBodySchema,
        response: { 200: sent, ...failures },
      },
    },
    async (request) =>
      sentAnswer(
        await dataCollect.update(requireAuth(request), request.params.id, request.body, request.ip),
      ),
  );

  app.delete(
    '/api/data-collect/configs/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Delete a data collect config (its devices stop collecting it)',
        params: idParams,
        response: { 200: sent, ...failures },
      },
    },
    async (request) =>
      sentAnswer(await dataCollect.remove(requireAuth(request), request.params.id, request.ip)),
  );

  app.put(
    '/api/data-collect/configs/:id/unassign',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Stop devices collecting a config',
        params: idParams,
        body: dataCollectUnassignBodySchema,
        response: { 200: sent, ...failures },
      },
    },
    async (request) =>
      sentAnswer(
        await dataCollect.unassign(
          requireAuth(request),
          request.params.id,
          request.body.device_id,
          request.ip,
        ),
      ),
  );

  app.get(
    '/api/devices/:id/custom-data',
    {
      config: view,
      schema: {
        tags,
        summary: 'What a device collected in a time range, newest first',
        params: idParams,
        querystring: customDataQuerySchema,
        response: { 200: listEnvelope(customDataRowSchema), ...failures },
      },
    },
    async (request) => {
      const { data, total } = await dataCollect.customData(
        requireAuth(request),
        request.params.id,
        request.query,
      );
      return { success: true as const, data, meta: { total } };
    },
  );

  app.get(
    '/api/data-collect/data/graph',
    {
      config: view,
      schema: {
        tags,
        summary: "A variable's latest value on each device, grouped and counted",
        querystring: dataCollectFieldQuerySchema,
        response: {
          200: successEnvelope(dataCollectGraphSchema),
          ...failures,
        },
      },
    },
    async (request) => {
      const { variable, counts } = await dataCollect.graph(
        requireAuth(request),
        request.query.field,
      );
      return { success: true as const, data: { [variable]: counts } };
    },
  );

  app.get(
    '/api/data-collect/data/values',
    {
      config: view,
      schema: {
        tags,
        summary: 'The values a variable has on devices now',
        querystring: dataCollectFieldQuerySchema,
        response: { 200: successEnvelope(z.record(z.string(), z.array(z.string()))), ...failures },
      },
    },
    async (request) => {
      const { variable, counts } = await dataCollect.graph(
        requireAuth(request),
        request.query.field,
      );
      return { success: true as const, data: { [variable]: Object.keys(counts) } };
    },
  );

  app.get(
    '/api/devices/data/fields',
    {
      config: view,
      schema: {
        tags,
        summary: 'Data collect configs with the variables they collect',
        response: { 200: successEnvelope(z.array(dataCollectFieldsTemplateSchema)) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await dataCollect.fields(requireAuth(request)),
    }),
  );
};
