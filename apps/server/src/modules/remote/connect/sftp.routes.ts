import multipart from '@fastify/multipart';
import {
  MAX_FILE_SIZE,
  listEnvelope,
  sftpEntrySchema,
  sftpLoginBodySchema,
  sftpPathBodySchema,
  sftpPathSchema,
  sftpRenameBodySchema,
  idSchema,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invalid } from '@/lib/api-error';
import { requireAuth } from '@/plugins/auth';
import type { SftpSessions } from './sftp-sessions';

const tags = ['device access'];
const manage = { permission: 'manage_device_remote_access' } as const;
const params = z.object({ id: idSchema });
const pathQuery = z.object({ path: sftpPathSchema });
const ok = z.object({ success: z.literal(true) });

const attachmentName = (path: string) => {
  const name = path.split('/').pop() || 'download';
  return `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;
};

/** The file browser of /rms-connect/sftp: SFTP on the device, through the tunnel. */
export const sftpRoutes: FastifyPluginAsyncZod<{ sftp: SftpSessions }> = async (app, { sftp }) => {
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: MAX_FILE_SIZE, files: 1, fields: 2 },
  });
  const base = '/api/connect/sessions/:id/sftp';

  app.post(
    `${base}/login`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Sign in to the device over SFTP for this session',
        params,
        body: sftpLoginBodySchema,
        response: { 200: ok },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await sftp.login(auth.user.id, request.params.id, request.body, request.ip);
      return { success: true as const };
    },
  );

  app.get(
    `${base}/list`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'A folder on the device',
        params,
        querystring: pathQuery,
        response: { 200: listEnvelope(sftpEntrySchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const data = await sftp.list(auth.user.id, request.params.id, request.query.path);
      data.sort((a, b) =>
        a.type === b.type
          ? a.name.localeCompare(b.name)
          : a.type === 'directory'
            ? -1
            : b.type === 'directory'
              ? 1
              : 0,
      );
      return { success: true as const, data, meta: { total: data.length } };
    },
  );

  app.get(
    `${base}/file`,
    {
      config: manage,
      schema: { tags, summary: 'Download a file from the device', params, querystring: pathQuery },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const file = await sftp.download(auth.user.id, request.params.id, request.query.path);
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-length', file.size)
        .header('content-disposition', attachmentName(request.query.path))
        .send(file.stream);
    },
  );

  app.post(
    `${base}/upload`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Upload a file into a folder on the device (multipart field `file`)',
        params,
        querystring: pathQuery,
        consumes: ['multipart/form-data'],
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.object({ path: z.string(), size: z.number() }),
          }),
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      // The session first: a stranger learns nothing from how the body is read.
      await sftp.ready(auth.user.id, request.params.id);
      const part = await request.file();
      if (!part) throw invalid('Choose a file to upload', 'file');
      const name = part.filename.replace(/[/\\\0]/g, '_');
      if (!name || name === '.' || name === '..') throw invalid('The file needs a name', 'file');
      const target = `${request.query.path.replace(/\/+$/, '')}/${name}`;
      const size = await sftp.upload(auth.user.id, request.params.id, target, part.file);
      return { success: true as const, data: { path: target, size } };
    },
  );

  app.post(
    `${base}/rename`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Rename or move',
        params,
        body: sftpRenameBodySchema,
        response: { 200: ok },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await sftp.rename(auth.user.id, request.params.id, request.body.from, request.body.to);
      return { success: true as const };
    },
  );

  app.post(
    `${base}/mkdir`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Create a folder',
        params,
        body: sftpPathBodySchema,
        response: { 200: ok },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await sftp.mkdir(auth.user.id, request.params.id, request.body.path);
      return { success: true as const };
    },
  );

  app.delete(
    `${base}/entry`,
    {
      config: manage,
      schema: {
        tags,
        summary: 'Delete a file or an empty folder',
        params,
        body: sftpPathBodySchema,
        response: { 200: ok },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await sftp.remove(auth.user.id, request.params.id, request.body.path);
      return { success: true as const };
    },
  );
};
