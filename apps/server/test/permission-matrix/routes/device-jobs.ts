import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { deviceJobs, devices, files, monitoringTemplates } from '@/db/schema';
import { createFileStore } from '@/modules/fleet/files/file-store';
import type { AreaTable, CaseContext, RouteSpec } from '../matrix';
import { matrixDevice } from './devices';

// Device jobs, firmware files and monitoring. The lists below are 'global' here: their company
// scope is tested in the modules' own tests (device-jobs, files, monitoring).

let sequence = 0;
const hour = 60 * 60 * 1000;

const device = (context: CaseContext) =>
  matrixDevice(context.world.t.db, context.zone.company, context.zone.marker);

const jobsOf = (context: CaseContext, deviceId: number) =>
  context.world.t.db.select().from(deviceJobs).where(eq(deviceJobs.deviceId, deviceId));

const queuedJob = async (context: CaseContext, deviceId: number, type: string) => {
  const [row] = await context.world.t.db
    .insert(deviceJobs)
    .values({ deviceId, type, expiresAt: new Date(Date.now() + hour) })
    .returning({ id: deviceJobs.id });
  if (!row) throw new Error('job insert failed');
  return row.id;
};

/** A firmware file of the zone's company; `content` is also written to the data folder. */
const file = async (context: CaseContext, content?: Buffer) => {
  const store = createFileStore(join(context.world.t.config.dataDir, 'files'));
  const stored = content
    ? await store.save(Readable.from([content]))
    : { key: 'not-on-disk', size: 1, sha256: '0'.repeat(64) };
  const [row] = await context.world.t.db
    .insert(files)
    .values({
      companyId: context.zone.company.id,
      type: 'firmware',
      name: `fw-${context.zone.marker}-${++sequence}.bin`,
      size: stored.size,
      sha256: stored.sha256,
      storageKey: stored.key,
    })
    .returning({ id: files.id });
  if (!row) throw new Error('file insert failed');
  return row.id;
};
const fileRow = async (context: CaseContext, id: number) =>
  (await context.world.t.db.select().from(files).where(eq(files.id, id)))[0] ?? null;

const template = async (context: CaseContext) => {
  const [row] = await context.world.t.db
    .insert(monitoringTemplates)
    .values({
      companyId: context.zone.company.id,
      name: `template ${context.zone.marker} ${++sequence}`,
      parameters: [{ key: 'dynamic', period: 600, enabled: true }],
    })
    .returning({ id: monitoringTemplates.id });
  if (!row) throw new Error('template insert failed');
  return row.id;
};
const templateRow = async (context: CaseContext, id: number) =>
  (
    await context.world.t.db
      .select()
      .from(monitoringTemplates)
      .where(eq(monitoringTemplates.id, id))
  )[0] ?? null;

const list = (permission: RouteSpec['permission'], url: string): RouteSpec => ({
  permission,
  scope: 'global',
  ok: 200,
  build: async () => ({ url }),
});

/** A request that queues jobs for a device: out of reach it is "not found" and queues nothing. */
const queues = (
  url: (id: number) => string,
  payload: (id: number, context: CaseContext) => Promise<object> | object,
  hidden = 404,
): RouteSpec => ({
  permission: 'update_devices',
  scope: 'company',
  ok: 200,
  hidden,
  build: async (context) => {
    const id = await device(context);
    return {
      url: url(id),
      payload: await payload(id, context),
      untouched: async () => (await jobsOf(context, id)).length === 0,
    };
  },
});

const cancels = (url: string, type: string, payload: (id: number, job: number) => object) => ({
  permission: 'update_devices' as const,
  scope: 'company' as const,
  ok: 200,
  build: async (context: CaseContext) => {
    const id = await device(context);
    const job = await queuedJob(context, id, type);
    return {
      url,
      payload: payload(id, job),
      untouched: async () => (await jobsOf(context, id))[0]?.status === 'queued',
    };
  },
});

const multipart = (fields: Record<string, string>, name: string) => {
  const boundary = `nfmatrix${randomBytes(6).toString('hex')}`;
  const parts = Object.entries(fields).map(
    ([key, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`,
  );
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\nfirmware\r\n--${boundary}--\r\n`,
  );
  return { body: Buffer.from(parts.join('')), type: `multipart/form-data; boundary=${boundary}` };
};

export const deviceJobRoutes: AreaTable = {
  'POST /api/devices/actions': queues(
    () => '/api/devices/actions',
    (id) => ({ action: 'reboot', device_id: [id] }),
  ),
  'POST /api/devices/:id/command': queues(
    (id) => `/api/devices/${id}/command`,
    () => ({ command: 'uptime' }),
  ),
  // The file is the zone's too: out of reach it is the per-item error (422) before the device.
  'POST /api/devices/updates/set': queues(
    () => '/api/devices/updates/set',
    async (id, context) => ({ data: [{ id, file_id: await file(context), offline: true }] }),
    422,
  ),
  'POST /api/devices/actions/cancel': cancels(
    '/api/devices/actions/cancel',
    'reboot',
    (id, job) => ({
      device_id: [id],
      job_id: [job],
    }),
  ),
  'POST /api/devices/updates/cancel': cancels(
    '/api/devices/updates/cancel',
    'firmware_update',
    (id) => ({ data: [{ id }] }),
  ),
  'GET /api/devices/actions/logs': list('view_devices', '/api/devices/actions/logs'),
  'GET /api/devices/updates/pending': list('view_devices', '/api/devices/updates/pending'),
  'PUT /api/devices/monitoring': {
    permission: 'update_monitoring',
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const id = await device(context);
      const period = async () =>
        (await context.world.t.db.select().from(devices).where(eq(devices.id, id)))[0]
          ?.dynamicMonitoring;
      const before = await period();
      return {
        url: '/api/devices/monitoring',
        payload: { data: [{ device_id: id, dynamic_monitoring: 900 }] },
        untouched: async () => (await period()) === before,
      };
    },
  },

  'GET /api/files': list('view_files', '/api/files'),
  'POST /api/files': {
    permission: 'manage_files',
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const name = `up-${context.zone.marker}-${++sequence}.bin`;
      const fields = { type: 'firmware', company_id: String(context.zone.company.id) };
      const { body, type } = multipart(fields, name);
      const session = context.actor.session;
      return {
        url: '/api/files',
        payload: body,
        session: { ...session, headers: { ...session.headers, 'content-type': type } },
        untouched: async () =>
          (await context.world.t.db.select().from(files).where(eq(files.name, name))).length === 0,
      };
    },
  },
  'GET /api/files/:id': {
    permission: 'view_files',
    scope: 'company',
    ok: 200,
    build: async (context) => ({ url: `/api/files/${await file(context)}` }),
  },
  // Firmware files are no backups: whoever may see them learns that (422), others nothing (404).
  'GET /api/files/backups/compare': {
    permission: 'view_files',
    scope: 'company',
    ok: 422,
    build: async (context) => ({
      url: `/api/files/backups/compare?a=${await file(context)}&b=${await file(context)}`,
    }),
  },
  'GET /api/files/:id/download': {
    permission: 'view_files',
    scope: 'company',
    ok: 200,
    build: async (context) => ({
      url: `/api/files/${await file(context, Buffer.from('firmware'))}/download`,
    }),
  },
  'POST /api/files/download/zip': {
    permission: 'view_files',
    scope: 'company',
    ok: 200,
    build: async (context) => ({
      url: '/api/files/download/zip',
      payload: { files: [await file(context, Buffer.from('firmware'))] },
    }),
  },
  'PUT /api/files/:id': {
    permission: 'manage_files',
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const id = await file(context);
      return {
        url: `/api/files/${id}`,
        payload: { description: 'changed' },
        untouched: async () => (await fileRow(context, id))?.description === '',
      };
    },
  },
  'DELETE /api/files/:id': {
    permission: 'manage_files',
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const id = await file(context);
      return {
        url: `/api/files/${id}`,
        untouched: async () => (await fileRow(context, id)) !== null,
      };
    },
  },

  'GET /api/monitoring-templates': list('update_monitoring', '/api/monitoring-templates'),
  'POST /api/monitoring-templates': {
    permission: 'update_monitoring',
    scope: 'company',
    ok: 201,
    build: async (context) => {
      const name = `template ${context.zone.marker} ${++sequence}`;
      return {
        url: '/api/monitoring-templates',
        payload: { company_id: context.zone.company.id, name, parameters: [] },
        untouched: async () =>
          (
            await context.world.t.db
              .select()
              .from(monitoringTemplates)
              .where(
                and(
                  eq(monitoringTemplates.companyId, context.zone.company.id),
                  eq(monitoringTemplates.name, name),
                ),
              )
          ).length === 0,
      };
    },
  },
  'GET /api/monitoring-templates/:id': {
    permission: 'update_monitoring',
    scope: 'company',
    ok: 200,
    build: async (context) => ({ url: `/api/monitoring-templates/${await template(context)}` }),
  },
  'PUT /api/monitoring-templates/:id': {
    permission: 'update_monitoring',
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const id = await template(context);
      const before = (await templateRow(context, id))?.name;
      return {
        url: `/api/monitoring-templates/${id}`,
        payload: { name: `renamed ${context.zone.marker} ${++sequence}` },
        untouched: async () => (await templateRow(context, id))?.name === before,
      };
    },
  },
  'DELETE /api/monitoring-templates/:id': {
    permission: 'update_monitoring',
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const id = await template(context);
      return {
        url: `/api/monitoring-templates/${id}`,
        untouched: async () => (await templateRow(context, id)) !== null,
      };
    },
  },
};
