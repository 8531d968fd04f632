import multipart from '@fastify/multipart';
import {
  BACKUP_MAX_BYTES,
  backupCompareQuerySchema,
  backupComparisonSchema,
  backupUploadAnswerSchema,
  backupUploadQuerySchema,
  deviceDownloadQuerySchema,
  errorEnvelopeSchema,
  emptySuccessSchema,
  fileCreatedSchema,
  fileListQuerySchema,
  fileSchema,
  fileUploadBodySchema,
  FILES_ZIP_MAX,
  filesZipBodySchema,
  idSchema,
  listEnvelope,
  MAX_FILE_SIZE,
  successEnvelope,
  updateFileBodySchema,
} from '@netfleet/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listFieldPicker } from '@/lib/query-fields';
import { requireAuth } from '@/plugins/auth';
import type { DeviceBackups } from './device-backups';
import type { FileStore } from './file-store';
import type { FilesService, Upload } from './files.service';
import { zipArchive } from './zip-archive';

const tags = ['files'];
const idParams = z.object({ id: idSchema });
const view = { permission: 'view_files' } as const;
const manage = { permission: 'manage_files' } as const;
const ZIP_NAME = 'files.zip';

/** RFC 6266: a plain ASCII fallback plus the exact UTF-8 name. */
const contentDisposition = (name: string) => {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
};

const sendFile = (
  reply: FastifyReply,
  file: { name: string; size: number; stream: NodeJS.ReadableStream },
) =>
  reply
    .header('content-type', 'application/octet-stream')
    // Never rendered as the page its bytes may look like (an uploaded .html or .svg).
    .header('x-content-type-options', 'nosniff')
    .header('content-length', String(file.size))
    .header('content-disposition', contentDisposition(file.name))
    .send(file.stream);

export const filesRoutes: FastifyPluginAsyncZod<{
  filesService: FilesService;
  backups: DeviceBackups;
  store: FileStore;
}> = async (app, { filesService, backups, store }) => {
  // Encapsulated: device backups arrive as raw gzip bodies only on this plugin's upload route.
  app.addContentTypeParser(
    ['application/gzip', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: BACKUP_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  // Encapsulated: only this plugin's routes parse multipart bodies.
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: MAX_FILE_SIZE, files: 1, fields: 10, fieldSize: 4096 },
  });

  app.get(
    '/api/files',
    {
      config: view,
      schema: {
        tags,
        summary: 'Firmware and configuration files of the companies you can see',
        querystring: fileListQuerySchema,
        response: { 200: listEnvelope(fileSchema.partial()) },
      },
    },
    async (request) => {
      const pick = listFieldPicker(fileSchema, request.query.fields);
      const { data, total } = await filesService.list(requireAuth(request), request.query);
      return { success: true as const, data: data.map(pick), meta: { total } };
    },
  );

  app.post(
    '/api/files',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Upload a file (multipart: type, description, company_id, file; at most 80 MB)',
        consumes: ['multipart/form-data'],
        body: fileUploadBodySchema,
        response: { 200: fileCreatedSchema },
      },
      // The parts are read below (streamed to disk); the body schema only documents them.
      validatorCompiler: () => (value) => ({ value }),
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const fields: Record<string, string> = {};
      let upload: Upload | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            fields[part.fieldname] = String(part.value);
          } else if (part.fieldname === 'file' && !upload) {
            const stored = await store.save(part.file);
            upload = { name: part.filename, stored, truncated: part.file.truncated };
          } else {
            part.file.resume();
          }
        }
      } catch (error) {
        if (upload) await store.remove(upload.stored.key);
        throw error;
      }
      const file = await filesService.create(auth, fields, upload);
      return reply.status(200).send({ success: true as const, data: file, meta: { id: file.id } });
    },
  );

  app.get(
    '/api/files/:id',
    {
      config: view,
      schema: {
        tags,
        summary: 'One file',
        params: idParams,
        response: { 200: successEnvelope(fileSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await filesService.get(requireAuth(request), request.params.id),
    }),
  );

  app.put(
    '/api/files/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: "Change a file's description",
        params: idParams,
        body: updateFileBodySchema,
        response: { 200: successEnvelope(fileSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await filesService.update(
        requireAuth(request),
        request.params.id,
        request.body.description,
      ),
    }),
  );

  app.delete(
    '/api/files/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Remove a file',
        params: idParams,
        response: { 200: emptySuccessSchema },
      },
    },
    async (request) => {
      await filesService.remove(requireAuth(request), request.params.id);
      return { success: true as const };
    },
  );

  app.get(
    '/api/files/:id/download',
    {
      config: view,
      schema: { tags, summary: 'Download a file', params: idParams },
    },
    async (request, reply) =>
      sendFile(reply, await filesService.open(requireAuth(request), request.params.id)),
  );

  app.post(
    '/api/files/download/zip',
    {
      config: view,
      schema: {
        tags,
        summary: `Download several files as one ZIP archive (at most ${FILES_ZIP_MAX})`,
        body: filesZipBodySchema,
      },
    },
    async (request, reply) => {
      const entries = await filesService.openMany(requireAuth(request), request.body.files);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition(ZIP_NAME))
        .send(zipArchive(entries));
    },
  );

  app.get(
    '/api/files/backups/compare',
    {
      config: view,
      schema: {
        tags,
        summary: 'What changed from one configuration backup to another, option by option',
        querystring: backupCompareQuerySchema,
        response: {
          200: successEnvelope(backupComparisonSchema),
          404: errorEnvelopeSchema,
          422: errorEnvelopeSchema,
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await backups.compare(requireAuth(request), request.query.a, request.query.b),
    }),
  );

  app.put(
    '/api/files/device-upload',
    {
      // A device has no session: the signed, expiring link in its backup job is its permission.
      config: { permission: 'public' },
      onRequest: async (request) => backups.checkLink(request.query),
      schema: {
        tags,
        summary: 'A device uploads the backup its backup_export job asked for (gzip of a tar)',
        consumes: ['application/gzip'],
        querystring: backupUploadQuerySchema,
        body: z.instanceof(Buffer).meta({ type: 'string', format: 'binary' }),
        response: {
          200: backupUploadAnswerSchema,
          403: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
          422: errorEnvelopeSchema,
        },
      },
    },
    async (request) => backups.receive(request.query, request.body),
  );

  app.get(
    '/api/files/:id/device-download',
    {
      // A device has no session: the signed, expiring link in its firmware job is its permission.
      config: { permission: 'public' },
      schema: {
        tags,
        summary: 'Download a file with the signed link of a device job',
        params: idParams,
        querystring: deviceDownloadQuerySchema,
      },
    },
    async (request, reply) =>
      sendFile(reply, await filesService.openForDevice(request.params.id, request.query)),
  );
};
