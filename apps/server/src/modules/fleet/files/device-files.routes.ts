import {
  backupUploadQuerySchema,
  DEVICE_FILE_MAX_BYTES,
  deviceFileUploadAnswerSchema,
  errorEnvelopeSchema,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DeviceFiles } from './device-files';

/** The upload of a `file_get` job: a device file, raw bytes, to its signed link. */
export const deviceFilesRoutes: FastifyPluginAsyncZod<{ deviceFiles: DeviceFiles }> = async (
  app,
  { deviceFiles },
) => {
  // Encapsulated: only this route takes raw bodies this large.
  app.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: DEVICE_FILE_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.put(
    '/api/files/device-file',
    {
      // A device has no session: the signed, expiring link in its file_get job is its permission.
      config: { permission: 'public' },
      onRequest: async (request) => deviceFiles.checkLink(request.query),
      schema: {
        tags: ['files'],
        summary: 'A device uploads the file its file_get job asked for',
        consumes: ['application/octet-stream'],
        querystring: backupUploadQuerySchema,
        body: z.instanceof(Buffer).meta({ type: 'string', format: 'binary' }),
        response: {
          200: deviceFileUploadAnswerSchema,
          403: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
          422: errorEnvelopeSchema,
        },
      },
    },
    async (request) => deviceFiles.receive(request.query, request.body),
  );
};
