import multipart from '@fastify/multipart';
import {
  DEVICE_DOCUMENTATION_MAX_BYTES,
  deviceDocumentationIdParamsSchema,
  deviceDocumentationListQuerySchema,
  deviceDocumentationSchema,
  deviceDocumentationUploadBodySchema,
  emptySuccessSchema,
  errorEnvelopeSchema,
  listEnvelope,
  successEnvelope,
} from '@netfleet/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listFieldPicker } from '@/lib/query-fields';
import { readBufferedUpload } from '@/modules/fleet/buffered-upload';
import { requireAuth } from '@/plugins/auth';
import type { DeviceDocumentationsService } from './device-documentations.service';

const tags = ['device documentations'];
// Read by whoever writes data-collect configs against them (data collect's own read permission);
// uploading and removing changes what every company's configs may use: system administration.
const view = { permission: 'view_devices' } as const;
const manage = { permission: 'super_admin' } as const;
const failures = { 404: errorEnvelopeSchema, 409: errorEnvelopeSchema, 422: errorEnvelopeSchema };

/** RFC 6266: a plain ASCII fallback plus the exact UTF-8 name. */
const contentDisposition = (name: string) => {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
};

const sendDocument = (
  reply: FastifyReply,
  file: { name: string; size: number; stream: NodeJS.ReadableStream },
) =>
  reply
    .header('content-type', 'application/json')
    .header('content-length', String(file.size))
    .header('content-disposition', contentDisposition(file.name))
    .header('x-content-type-options', 'nosniff')
    .send(file.stream);

/** Device API documentations (OpenAPI documents of the devices' API) for data collection. */
export const deviceDocumentationsRoutes: FastifyPluginAsyncZod<{
  documentations: DeviceDocumentationsService;
}> = async (app, { documentations }) => {
  // Encapsulated: only this plugin's routes parse multipart bodies, with the documentation limit.
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: DEVICE_DOCUMENTATION_MAX_BYTES, files: 1, fields: 10, fieldSize: 4096 },
  });

  app.get(
    '/api/device-documentations',
    {
      config: view,
      schema: {
        tags,
        summary: 'Device API documentations data-collect configs may be written against',
        querystring: deviceDocumentationListQuerySchema,
        response: { 200: listEnvelope(deviceDocumentationSchema.partial()) },
      },
    },
    async (request) => {
      const pick = listFieldPicker(deviceDocumentationSchema, request.query.fields);
      const { data, total } = await documentations.list(request.query);
      return { success: true as const, data: data.map(pick), meta: { total } };
    },
  );

  app.post(
    '/api/device-documentations',
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Upload a device API documentation (multipart: system, file (.json OpenAPI), overwrite)',
        consumes: ['multipart/form-data'],
        body: deviceDocumentationUploadBodySchema,
        response: { 201: successEnvelope(deviceDocumentationSchema), ...failures },
      },
      // The parts are read below; the body schema only documents them.
      validatorCompiler: () => (value) => ({ value }),
    },
    async (request, reply) => {
      // At most DEVICE_DOCUMENTATION_MAX_BYTES: the whole document is parsed to check it.
      const { fields, upload } = await readBufferedUpload(request, 'file');
      const documentation = await documentations.upload(requireAuth(request), fields, upload);
      return reply.status(201).send({ success: true as const, data: documentation });
    },
  );

  app.get(
    '/api/device-documentations/:id/file',
    {
      config: view,
      schema: {
        tags,
        summary: 'Download the documentation (its OpenAPI JSON document)',
        params: deviceDocumentationIdParamsSchema,
        response: { 200: z.string().meta({ format: 'binary' }), 404: errorEnvelopeSchema },
      },
    },
    async (request, reply) => sendDocument(reply, await documentations.open(request.params.id)),
  );

  app.delete(
    '/api/device-documentations/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Remove an uploaded documentation no data-collect config uses',
        params: deviceDocumentationIdParamsSchema,
        response: { 200: emptySuccessSchema, ...failures },
      },
    },
    async (request) => {
      await documentations.remove(request.params.id);
      return { success: true as const };
    },
  );
};
