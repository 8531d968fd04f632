import multipart from '@fastify/multipart';
import {
  errorEnvelopeSchema,
  generatePasswordsBodySchema,
  listEnvelope,
  passwordBatchAnswerSchema,
  passwordBatchDeviceSchema,
  passwordBatchListQuerySchema,
  passwordBatchPartialSchema,
  passwordBatchSchema,
  setPasswordsBodySchema,
} from '@netfleet/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { failureStatus } from '@/modules/fleet/device-jobs/bulk-answer';
import { requireAuth } from '@/plugins/auth';
import type { DevicePasswordsService } from './device-passwords.service';
import type { PasswordUploads } from './password-uploads';

const tags = ['device passwords'];
const update = { permission: 'update_devices' } as const;
const view = { permission: 'view_devices' } as const;
/** A password list is small: a thousand lines of serial and password fit in far less. */
const CSV_MAX_BYTES = 1024 * 1024;
const batchParams = z.object({ id: z.string().min(1).max(64) });
const answers = {
  200: passwordBatchAnswerSchema,
  207: passwordBatchPartialSchema,
  404: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
};

type Applied = Awaited<ReturnType<DevicePasswordsService['apply']>>;

/** RMS: the devices given a job and the channel; 207 with per-device errors when some were not. */
const sendApplied = (
  reply: FastifyReply,
  { channel, jobs, errors, batchId }: Applied,
  okStatus = 200,
) => {
  if (!channel || !batchId) {
    return reply.code(failureStatus(errors)).send({ success: false as const, errors });
  }
  const answer = {
    success: true as const,
    data: jobs.map((job) => job.deviceId),
    meta: { channel, task_id: batchId },
  };
  return errors.length
    ? reply.code(207).send({ ...answer, errors })
    : reply.code(okStatus).send(answer);
};

/** RMS device passwords: generate, set (JSON or a CSV file), list batches, download once. */
export const devicePasswordsRoutes: FastifyPluginAsyncZod<{
  passwords: DevicePasswordsService;
  uploads: PasswordUploads;
}> = async (app, { passwords, uploads }) => {
  // Encapsulated: only this plugin's upload route parses multipart bodies.
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: CSV_MAX_BYTES, files: 1, fields: 4, fieldSize: 64 },
  });

  app.post(
    '/api/devices/passwords/generate',
    {
      config: update,
      schema: {
        tags,
        summary: 'Give devices new random passwords (async; download the list once)',
        body: generatePasswordsBodySchema,
        response: answers,
      },
    },
    async (request, reply) =>
      sendApplied(reply, await passwords.generate(requireAuth(request), request.body, request.ip)),
  );

  app.post(
    '/api/devices/passwords/set',
    {
      config: update,
      schema: {
        tags,
        summary: 'Set the given passwords on devices (async)',
        description: 'show_password keeps a device’s password for the one download of the list.',
        body: setPasswordsBodySchema,
        response: answers,
      },
    },
    async (request, reply) => {
      const orders = request.body.data.map((item) => ({
        deviceId: item.id,
        password: item.password,
        show: item.show_password,
      }));
      return sendApplied(reply, await passwords.apply(requireAuth(request), orders, request.ip));
    },
  );

  app.post(
    '/api/devices/passwords/upload',
    {
      config: update,
      schema: {
        tags,
        summary: 'Set passwords from a CSV file (columns serial or id, and password)',
        consumes: ['multipart/form-data'],
        // As RMS documents the parts; the text fields are read with uploadPasswordsFieldsSchema.
        body: z.object({
          file: z.string().meta({ format: 'binary' }),
          show_password: z.boolean().optional(),
        }),
        response: {
          201: passwordBatchAnswerSchema,
          207: passwordBatchPartialSchema,
          404: errorEnvelopeSchema,
          422: errorEnvelopeSchema,
        },
      },
      // The parts are read below; the body schema only documents them.
      validatorCompiler: () => (value) => ({ value }),
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const fields: Record<string, string> = {};
      let text: string | null = null;
      for await (const part of request.parts()) {
        if (part.type === 'field') fields[part.fieldname] = String(part.value);
        else if (part.fieldname === 'file' && text === null)
          text = (await part.toBuffer()).toString('utf8');
        else part.file.resume();
      }
      const orders = await uploads.ordersOf(auth, text, fields);
      const applied = await passwords.apply(auth, orders, request.ip);
      return sendApplied(reply, applied, 201);
    },
  );

  app.get(
    '/api/devices/passwords/generated/tasks',
    {
      config: view,
      schema: {
        tags,
        summary: 'Password tasks (batches), newest first',
        querystring: passwordBatchListQuerySchema,
        response: { 200: listEnvelope(passwordBatchSchema) },
      },
    },
    async (request) => {
      const { data, total } = await passwords.list(requireAuth(request), request.query);
      return { success: true as const, data, meta: { total } };
    },
  );

  app.get(
    '/api/tasks/:id/devices',
    {
      config: view,
      schema: {
        tags,
        summary: 'The devices of a password task, with their job state',
        params: batchParams,
        response: {
          200: z.object({ success: z.literal(true), data: z.array(passwordBatchDeviceSchema) }),
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await passwords.devices(requireAuth(request), request.params.id),
    }),
  );

  app.get(
    '/api/tasks/:id/download/passwords',
    {
      config: update,
      schema: {
        tags,
        summary: 'Download the passwords of a task as CSV, once (then they are wiped)',
        params: batchParams,
        produces: ['application/csv'],
        response: {
          200: z.string().describe('CSV: id, name, serial, mac, password, status'),
          400: errorEnvelopeSchema,
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const { filename, csv } = await passwords.download(
        requireAuth(request),
        request.params.id,
        request.ip,
      );
      return reply
        .header('content-type', 'application/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};
