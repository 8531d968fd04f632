import { and, eq } from 'drizzle-orm';
import {
  deviceJobs,
  devices,
  passwordBatches,
  taskGroupLogs,
  taskGroups,
  taskLogs,
  taskRuns,
  tasks,
} from '@/db/schema';
import { multipartBody } from '@test/multipart';
import type { AreaTable, CaseContext, RouteSpec } from '../matrix';
import { matrixDevice } from './devices';

// The task manager and device passwords. The lists are 'global' here: their company scope is
// tested in the modules' own tests (device-tasks, device-passwords).

let sequence = 0;
const view = 'view_device_task_groups' as const;
const manage = 'manage_device_task_groups' as const;
const db = (context: CaseContext) => context.world.t.db;
const device = (context: CaseContext) =>
  matrixDevice(db(context), context.zone.company, context.zone.marker);
const list = (permission: RouteSpec['permission'], url: string): RouteSpec => ({
  permission,
  scope: 'global',
  ok: 200,
  build: async () => ({ url }),
});

/** A group of the zone's company with one reboot step; returns the group and step ids. */
const group = async (context: CaseContext) => {
  const [row] = await db(context)
    .insert(taskGroups)
    .values({
      companyId: context.zone.company.id,
      name: `group ${context.zone.marker} ${++sequence}`,
    })
    .returning({ id: taskGroups.id });
  if (!row) throw new Error('group insert failed');
  const [task] = await db(context)
    .insert(tasks)
    .values({ groupId: row.id, order: 0, action: 'reboot', name: 'Reboot', timeout: 60 })
    .returning({ id: tasks.id });
  if (!task) throw new Error('task insert failed');
  return { id: row.id, taskId: task.id };
};
const groupName = async (context: CaseContext, id: number) =>
  (await db(context).select().from(taskGroups).where(eq(taskGroups.id, id)))[0]?.name ?? null;

/** A run of a zone group, `status` (scheduled a day ahead), with one device's logs. */
const run = async (context: CaseContext, status: 'scheduled' | 'paused' = 'scheduled') => {
  const { id: groupId } = await group(context);
  const start = new Date(Date.now() + 24 * 60 * 60 * 1000);
  const [row] = await db(context)
    .insert(taskRuns)
    .values({
      groupId,
      groupName: 'matrix',
      companyId: context.zone.company.id,
      status,
      targets: { deviceIds: [], tagIds: [], companyIds: [context.zone.company.id] },
      steps: [],
      startAt: start,
      validUntil: new Date(start.getTime() + 60 * 60 * 1000),
    })
    .returning({ id: taskRuns.id });
  if (!row) throw new Error('run insert failed');
  const deviceId = await device(context);
  const [log] = await db(context)
    .insert(taskGroupLogs)
    .values({ runId: row.id, deviceId, name: 'matrix', state: 'pending' })
    .returning({ id: taskGroupLogs.id });
  if (!log) throw new Error('group log insert failed');
  const [step] = await db(context)
    .insert(taskLogs)
    .values({
      groupLogId: log.id,
      runId: row.id,
      deviceId,
      stepIndex: 0,
      action: 'reboot',
      name: 'Reboot',
      status: 'completed',
    })
    .returning({ id: taskLogs.id });
  if (!step) throw new Error('task log insert failed');
  return { id: row.id, groupLogId: log.id, taskLogId: step.id };
};
const runStatus = async (context: CaseContext, id: number) =>
  (await db(context).select().from(taskRuns).where(eq(taskRuns.id, id)))[0]?.status ?? null;

/** A run control: the zone's run in `from`, which a refused request leaves as it was. */
const steers = (action: string, from: 'scheduled' | 'paused'): RouteSpec => ({
  permission: manage,
  scope: 'company',
  ok: 200,
  build: async (context) => {
    const { id } = await run(context, from);
    return {
      url: `/api/devices/tasks/runs/${id}/${action}`,
      ...(action === 'cancel' ? { payload: {} } : {}),
      untouched: async () => (await runStatus(context, id)) === from,
    };
  },
});

const noJobs = async (context: CaseContext, deviceId: number) =>
  (await db(context).select().from(deviceJobs).where(eq(deviceJobs.deviceId, deviceId))).length ===
  0;

/** A password request for a zone device: out of reach it is "not found" and sends nothing. */
const passwords = (url: string, item: (id: number) => object): RouteSpec => ({
  permission: 'update_devices',
  scope: 'company',
  ok: 200,
  build: async (context) => {
    const id = await device(context);
    return { url, payload: { data: [item(id)] }, untouched: () => noJobs(context, id) };
  },
});

/** A password batch of the zone's company, with nothing kept to download. */
const batch = async (context: CaseContext) => {
  const id = `matrix${context.zone.marker}${++sequence}`.replace(/[^A-Za-z0-9]/g, '');
  await db(context).insert(passwordBatches).values({ id, companyId: context.zone.company.id });
  return id;
};

export const automationRoutes: AreaTable = {
  'GET /api/devices/tasks/groups': list(view, '/api/devices/tasks/groups'),
  // The company is named in the body: out of reach it is the field's error (422).
  'POST /api/devices/tasks/groups': {
    permission: manage,
    scope: 'company',
    ok: 200,
    hidden: 422,
    build: async (context) => {
      const name = `new group ${context.zone.marker} ${++sequence}`;
      return {
        url: '/api/devices/tasks/groups',
        payload: {
          name,
          company_id: context.zone.company.id,
          tasks: [{ name: 'Reboot', order: 0, timeout: 60, action: 'reboot' }],
        },
        untouched: async () =>
          (
            await db(context)
              .select()
              .from(taskGroups)
              .where(
                and(eq(taskGroups.companyId, context.zone.company.id), eq(taskGroups.name, name)),
              )
          ).length === 0,
      };
    },
  },
  'GET /api/devices/tasks/groups/:id': {
    permission: view,
    scope: 'company',
    ok: 200,
    build: async (context) => ({ url: `/api/devices/tasks/groups/${(await group(context)).id}` }),
  },
  'PUT /api/devices/tasks/groups/:id': {
    permission: manage,
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const { id } = await group(context);
      const before = await groupName(context, id);
      return {
        url: `/api/devices/tasks/groups/${id}`,
        payload: { name: `renamed ${++sequence}` },
        untouched: async () => (await groupName(context, id)) === before,
      };
    },
  },
  'DELETE /api/devices/tasks/groups/:id': {
    permission: manage,
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const { id } = await group(context);
      return {
        url: `/api/devices/tasks/groups/${id}`,
        untouched: async () => (await groupName(context, id)) !== null,
      };
    },
  },
  'POST /api/devices/tasks/groups/:id': {
    permission: manage,
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const { id } = await group(context);
      return {
        url: `/api/devices/tasks/groups/${id}`,
        payload: { device_id: [await device(context)] },
        untouched: async () =>
          (await db(context).select().from(taskRuns).where(eq(taskRuns.groupId, id))).length === 0,
      };
    },
  },
  'GET /api/devices/tasks': list(view, '/api/devices/tasks'),
  'PUT /api/devices/tasks/:id': {
    permission: manage,
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const { taskId } = await group(context);
      const name = async () =>
        (await db(context).select().from(tasks).where(eq(tasks.id, taskId)))[0]?.name;
      return {
        url: `/api/devices/tasks/${taskId}`,
        payload: { name: 'Renamed' },
        untouched: async () => (await name()) === 'Reboot',
      };
    },
  },
  'DELETE /api/devices/tasks/:id': {
    permission: manage,
    scope: 'company',
    ok: 200,
    build: async (context) => {
      const { taskId } = await group(context);
      return {
        url: `/api/devices/tasks/${taskId}`,
        untouched: async () =>
          (await db(context).select().from(tasks).where(eq(tasks.id, taskId))).length === 1,
      };
    },
  },
  'GET /api/devices/tasks/runs': list(view, '/api/devices/tasks/runs'),
  'GET /api/devices/tasks/runs/:id': {
    permission: view,
    scope: 'company',
    ok: 200,
    build: async (context) => ({ url: `/api/devices/tasks/runs/${(await run(context)).id}` }),
  },
  'POST /api/devices/tasks/runs/:id/cancel': steers('cancel', 'scheduled'),
  'POST /api/devices/tasks/runs/:id/pause': steers('pause', 'scheduled'),
  'POST /api/devices/tasks/runs/:id/resume': steers('resume', 'paused'),
  'GET /api/devices/tasks/groups/logs': list(view, '/api/devices/tasks/groups/logs'),
  'GET /api/devices/tasks/groups/logs/:id': {
    permission: view,
    scope: 'company',
    ok: 200,
    build: async (context) => ({
      url: `/api/devices/tasks/groups/logs/${(await run(context)).groupLogId}`,
    }),
  },
  'GET /api/devices/tasks/logs': list(view, '/api/devices/tasks/logs'),
  'GET /api/devices/tasks/logs/:id': {
    permission: view,
    scope: 'company',
    ok: 200,
    build: async (context) => ({
      url: `/api/devices/tasks/logs/${(await run(context)).taskLogId}`,
    }),
  },

  'POST /api/devices/passwords/generate': passwords('/api/devices/passwords/generate', (id) => ({
    id,
  })),
  'POST /api/devices/passwords/set': passwords('/api/devices/passwords/set', (id) => ({
    id,
    password: 'Matrix123',
    password_confirmation: 'Matrix123',
  })),
  // The device is named by serial in the file: out of reach it is the file's error (422).
  'POST /api/devices/passwords/upload': {
    permission: 'update_devices',
    scope: 'company',
    ok: 201,
    hidden: 422,
    build: async (context) => {
      const id = await device(context);
      const [row] = await db(context).select().from(deviceJobs).where(eq(deviceJobs.deviceId, id));
      if (row) throw new Error('a fresh device has no jobs');
      const [target] = await db(context).select().from(devices).where(eq(devices.id, id));
      const { payload, contentType } = multipartBody(
        {},
        {
          name: 'passwords.csv',
          content: Buffer.from(`serial,password\n${target?.serial},Matrix123\n`),
        },
      );
      const session = context.actor.session;
      return {
        url: '/api/devices/passwords/upload',
        payload,
        session: { ...session, headers: { ...session.headers, 'content-type': contentType } },
        untouched: () => noJobs(context, id),
      };
    },
  },
  'GET /api/devices/passwords/generated/tasks': list(
    'view_devices',
    '/api/devices/passwords/generated/tasks',
  ),
  'GET /api/tasks/:id/devices': {
    permission: 'view_devices',
    scope: 'company',
    ok: 200,
    build: async (context) => ({ url: `/api/tasks/${await batch(context)}/devices` }),
  },
  // A batch with nothing kept answers 400 to whoever may see it, 404 to anyone else.
  'GET /api/tasks/:id/download/passwords': {
    permission: 'update_devices',
    scope: 'company',
    ok: 400,
    build: async (context) => ({ url: `/api/tasks/${await batch(context)}/download/passwords` }),
  },
};
