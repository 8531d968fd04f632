import {
  bulkEnvelope,
  claimSecretResultSchema,
  createDevicesBodySchema,
  createdDeviceSchema,
  deleteDevicesBodySchema,
  deviceFieldsQuerySchema,
  deviceListQuerySchema,
  deviceSchema,
  type ErrorItem,
  ERROR_CODES,
  idSchema,
  listEnvelope,
  moveDevicesBodySchema,
  successEnvelope,
  updateDeviceBodySchema,
} from '@netfleet/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import { requireAuth } from '@/plugins/auth';
import type { DevicesService } from './devices.service';
import { checkNewDevice, type DevicesWriteService } from './devices-write.service';

const tags = ['devices'];
const idParams = z.object({ id: idSchema });
const view = { permission: 'view_devices' } as const;
const create = { permission: 'create_devices' } as const;
const update = { permission: 'update_devices' } as const;
const remove = { permission: 'delete_devices' } as const;

const STATUS_BY_CODE: Record<string, number> = {
  [ERROR_CODES.NOT_FOUND]: 404,
  [ERROR_CODES.CONFLICT]: 409,
};

/** A lone item's failure is the answer itself, with the status its code implies. */
const asError = (error: ErrorItem) =>
  new ApiError(
    STATUS_BY_CODE[error.code] ?? 422,
    error.code as ApiError['code'],
    error.message,
    error.source,
  );

/** 200/201 when every item succeeded, 207 with per-item errors otherwise. */
const sendBulk = <T>(
  reply: FastifyReply,
  ok: number,
  result: { data: T[]; errors: ErrorItem[] },
  meta: Record<string, unknown> = {},
) =>
  reply.status(result.errors.length ? 207 : ok).send({
    success: true as const,
    data: result.data,
    ...(result.errors.length ? { errors: result.errors } : {}),
    meta: { total: result.data.length, ...meta },
  });

const fieldNames = z.object({ success: z.literal(true), data: z.array(z.string()) });

export const devicesRoutes: FastifyPluginAsyncZod<{
  devicesService: DevicesService;
  devicesWriteService: DevicesWriteService;
}> = async (app, { devicesService, devicesWriteService }) => {
  app.get(
    '/api/devices',
    {
      config: view,
      schema: {
        tags,
        summary:
          'Devices of the companies you can see, with RMS field filters (ne:field negates; signal takes min..max)',
        querystring: deviceListQuerySchema,
        response: { 200: z.union([listEnvelope(deviceSchema.partial()), fieldNames]) },
      },
    },
    async (request) => {
      const query = request.query;
      if (query.fields_only) return { success: true as const, data: devicesService.fields() };
      const { data, total, estimated } = await devicesService.list(
        requireAuth(request),
        query,
        query,
      );
      // total stays a number (RMS API v3); the flag only appears on estimates.
      const meta = estimated ? { total, total_estimated: true } : { total };
      return { success: true as const, data, meta };
    },
  );

  app.get(
    '/api/devices/:id',
    {
      config: view,
      schema: {
        tags,
        summary: 'One device',
        params: idParams,
        querystring: deviceFieldsQuerySchema,
        response: { 200: z.union([successEnvelope(deviceSchema.partial()), fieldNames]) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const data = await devicesService.get(auth, request.params.id, request.query.fields);
      if (request.query.fields_only)
        return { success: true as const, data: devicesService.fields() };
      return { success: true as const, data };
    },
  );

  app.post(
    '/api/devices',
    {
      config: create,
      schema: {
        tags,
        summary:
          'Add devices ({data:[...]} or one object) as pending; each answer item shows its claim secret, this once. 207 with errors[] when some failed',
        body: createDevicesBodySchema,
        response: {
          201: bulkEnvelope(createdDeviceSchema),
          207: bulkEnvelope(createdDeviceSchema),
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const single = !Array.isArray(body.data);
      const items = single ? [body] : (body.data as unknown[]);
      const candidates = items.map((item, index) =>
        checkNewDevice(item, single ? 'data' : `data.${index}`),
      );
      const { data, errors, channel } = await devicesWriteService.create(
        requireAuth(request),
        candidates,
        { single },
      );
      const [first] = errors;
      if (single && first) throw asError(first);
      const created = data.map(({ source: _, ...device }) => device);
      return sendBulk(reply, 201, { data: created, errors }, { channel });
    },
  );

  app.post(
    '/api/devices/:id/claim-secret',
    {
      config: update,
      schema: {
        tags,
        summary:
          'Issue a new one-time claim secret; an enrolled device loses its credential and must enrol again',
        params: idParams,
        response: { 200: successEnvelope(claimSecretResultSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await devicesService.newClaimSecret(requireAuth(request), request.params.id),
    }),
  );

  app.put(
    '/api/devices/:id',
    {
      config: update,
      schema: {
        tags,
        summary: 'Rename a device, describe it, place it on the map or replace its tags',
        params: idParams,
        body: updateDeviceBodySchema,
        response: { 200: successEnvelope(deviceSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await devicesService.update(requireAuth(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/devices',
    {
      config: remove,
      schema: {
        tags,
        summary:
          'Remove devices; 207 with errors[] (source = device id) for those that could not be',
        body: deleteDevicesBodySchema,
        response: { 200: bulkEnvelope(z.number().int()), 207: bulkEnvelope(z.number().int()) },
      },
    },
    async (request, reply) =>
      sendBulk(
        reply,
        200,
        await devicesWriteService.remove(requireAuth(request), request.body.device_id),
      ),
  );

  // RMS spells it with a trailing slash; both are accepted.
  for (const url of ['/api/devices/move', '/api/devices/move/']) {
    app.post(
      url,
      {
        config: update,
        schema: {
          tags,
          summary: 'Move devices to another company; 207 with errors[] (source = device id)',
          body: moveDevicesBodySchema,
          response: { 200: bulkEnvelope(z.number().int()), 207: bulkEnvelope(z.number().int()) },
        },
      },
      async (request, reply) => {
        const { device_id, company_id } = request.body;
        const result = await devicesWriteService.move(requireAuth(request), device_id, company_id);
        const [first] = result.errors;
        if (first?.source === 'company_id') throw asError(first);
        return sendBulk(reply, 200, result);
      },
    );
  }
};
