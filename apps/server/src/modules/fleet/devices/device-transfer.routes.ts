import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import {
  bulkEnvelope,
  DEVICE_FIELDS,
  DEVICE_MESSAGES,
  deviceExportQuerySchema,
  importDevicesBodySchema,
  importRowResultSchema,
  MAX_FILE_SIZE,
  MESSAGES,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invalid } from '@/lib/api-error';
import { knownNames } from '@/lib/query-fields';
import { requireAuth } from '@/plugins/auth';
import { csvLine } from './device-csv';
import { devicePicker } from './device-mapper';
import type { DeviceImportService, ImportFields } from './device-import.service';
import type { DevicesService } from './devices.service';

const tags = ['devices'];
/** What a CSV export holds unless `fields` says otherwise; never a secret. */
const EXPORT_FIELDS = [
  'id',
  'name',
  'serial',
  'mac',
  'imei',
  'model',
  'firmware',
  'status',
  'company_name',
  'operator',
  'signal',
  'connection_type',
  'wan_ip',
  'last_connection_at',
] as const;
const IMPORT_FIELDS: (keyof ImportFields)[] = ['company_id', 'device_series', 'tag_id', 'type'];

const isCsv = (filename: string, mimetype: string) =>
  filename.toLowerCase().endsWith('.csv') || mimetype === 'text/csv';

export const deviceTransferRoutes: FastifyPluginAsyncZod<{
  devicesService: DevicesService;
  deviceImportService: DeviceImportService;
}> = async (app, { devicesService, deviceImportService }) => {
  // Encapsulated: multipart parsing exists for these routes only.
  await app.register(multipart, { limits: { fileSize: MAX_FILE_SIZE, files: 1, fields: 20 } });

  app.post(
    '/api/devices/import',
    {
      config: { permission: 'create_devices' },
      schema: {
        tags,
        summary:
          'Add devices from a CSV file (header: serial, mac or imei, name) with company_id, device_series and tag_id fields; per-row results carry each claim secret once',
        consumes: ['multipart/form-data'],
        body: importDevicesBodySchema,
        response: {
          201: bulkEnvelope(importRowResultSchema),
          207: bulkEnvelope(importRowResultSchema),
        },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      if (!request.isMultipart()) throw invalid(DEVICE_MESSAGES.fileRequired, 'file');
      const fields: ImportFields = {};
      let text: string | null = null;
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (!isCsv(part.filename, part.mimetype)) {
            part.file.resume();
            throw invalid(MESSAGES.csvNotSelected, 'file');
          }
          try {
            text = (await part.toBuffer()).toString('utf8');
          } catch {
            throw invalid(MESSAGES.csvTooLarge, 'file');
          }
        } else {
          // RMS sends a list as repeated `tag_id` (or `tag_id[]`) fields.
          const name = part.fieldname.replace(/\[\d*\]$/, '') as keyof ImportFields;
          if (name === 'tag_id' && fields.tag_id) fields.tag_id += `,${String(part.value)}`;
          // Others (credits, files to apply, adding without password) are accepted, not used.
          else if ((IMPORT_FIELDS as string[]).includes(name)) fields[name] = String(part.value);
        }
      }
      if (text === null) throw invalid(DEVICE_MESSAGES.fileRequired, 'file');
      if (fields.type !== undefined && fields.type !== 'csv') {
        throw invalid('Only CSV files can be imported', 'type');
      }
      const { results, errors, channel } = await deviceImportService.import(auth, text, fields);
      return reply.status(errors.length ? 207 : 201).send({
        success: true as const,
        data: results,
        ...(errors.length ? { errors } : {}),
        meta: { total: results.length, ...(channel ? { channel } : {}) },
      });
    },
  );

  app.get(
    '/api/devices/export/csv',
    {
      config: { permission: 'view_devices' },
      schema: {
        tags,
        summary: 'The devices GET /devices would list (same filters), as a streamed CSV file',
        querystring: deviceExportQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const query = request.query;
      // Header and cells name the same columns: the requested fields the device has.
      const columns = query.fields?.length
        ? knownNames(query.fields, DEVICE_FIELDS, 'fields')
        : [...EXPORT_FIELDS];
      const pick = devicePicker(columns);
      const pages = await devicesService.exportRows(requireAuth(request), query, query);
      async function* lines() {
        yield csvLine(columns);
        for await (const page of pages) {
          yield page.map((device) => csvLine(Object.values(pick(device)))).join('');
        }
      }
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="devices-${date}.csv"`)
        .send(Readable.from(lines()));
    },
  );
};
