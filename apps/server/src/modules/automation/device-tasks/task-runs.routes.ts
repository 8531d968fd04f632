import {
  cancelTaskRunBodySchema,
  emptySuccessSchema,
  errorEnvelopeSchema,
  idSchema,
  listEnvelope,
  successEnvelope,
  taskGroupLogListQuerySchema,
  taskGroupLogSchema,
  taskLogListQuerySchema,
  taskLogSchema,
  taskRunListQuerySchema,
  taskRunSchema,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '@/plugins/auth';
import type { TaskRunsService } from './task-runs.service';

const view = { permission: 'view_device_task_groups' } as const;
const manage = { permission: 'manage_device_task_groups' } as const;
const params = z.object({ id: idSchema });
const notFound = { 404: errorEnvelopeSchema };
/** Past LIST_EXACT_COUNT_LIMIT rows the total is the planner's estimate, and says so. */
const metaOf = (total: number, estimated: boolean) =>
  estimated ? { total, total_estimated: true } : { total };
const steer = { 200: emptySuccessSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema };

/** Runs of task groups (netfleet) and their logs: RMS group logs (per device), task logs (per step). */
export const taskRunsRoutes: FastifyPluginAsyncZod<{ runs: TaskRunsService }> = async (
  app,
  { runs },
) => {
  app.get(
    '/api/devices/tasks/runs',
    {
      config: view,
      schema: {
        tags: ['device task runs'],
        summary: 'Runs of task groups, newest first, with devices per state',
        querystring: taskRunListQuerySchema,
        response: { 200: listEnvelope(taskRunSchema) },
      },
    },
    async (request) => {
      const { data, total } = await runs.list(requireAuth(request), request.query);
      return { success: true as const, data, meta: { total } };
    },
  );

  app.get(
    '/api/devices/tasks/runs/:id',
    {
      config: view,
      schema: {
        tags: ['device task runs'],
        summary: 'One run with its devices per state',
        params,
        response: { 200: successEnvelope(taskRunSchema), ...notFound },
      },
    },
    async (request) => ({
      success: true as const,
      data: await runs.get(requireAuth(request), request.params.id),
    }),
  );

  app.post(
    '/api/devices/tasks/runs/:id/cancel',
    {
      config: manage,
      schema: {
        tags: ['device task runs'],
        summary: 'Cancel a run, or only some of its devices (device_id)',
        description:
          'Steps not started on the device are withdrawn; a step the device is running finishes ' +
          'there, but the run goes no further. Devices already finished keep their result.',
        params,
        body: cancelTaskRunBodySchema,
        response: {
          200: successEnvelope(z.object({ device_id: z.array(z.number().int()) })),
          404: errorEnvelopeSchema,
          409: errorEnvelopeSchema,
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: {
        device_id: await runs.cancel(requireAuth(request), request.params.id, request.body ?? {}),
      },
    }),
  );

  app.post(
    '/api/devices/tasks/runs/:id/pause',
    {
      config: manage,
      schema: {
        tags: ['device task runs'],
        summary: 'Pause a run: steps under way finish, no next step starts',
        params,
        response: steer,
      },
    },
    async (request) => {
      await runs.pause(requireAuth(request), request.params.id);
      return { success: true as const };
    },
  );

  app.post(
    '/api/devices/tasks/runs/:id/resume',
    {
      config: manage,
      schema: {
        tags: ['device task runs'],
        summary: 'Resume a paused run',
        params,
        response: steer,
      },
    },
    async (request) => {
      await runs.resume(requireAuth(request), request.params.id);
      return { success: true as const };
    },
  );

  app.get(
    '/api/devices/tasks/groups/logs',
    {
      config: view,
      schema: {
        tags: ['device task group logs'],
        summary: 'Each device’s run of a task group, newest first',
        querystring: taskGroupLogListQuerySchema,
        response: { 200: listEnvelope(taskGroupLogSchema) },
      },
    },
    async (request) => {
      const { data, total, estimated } = await runs.groupLogs(requireAuth(request), request.query);
      return { success: true as const, data, meta: metaOf(total, estimated) };
    },
  );

  app.get(
    '/api/devices/tasks/groups/logs/:id',
    {
      config: view,
      schema: {
        tags: ['device task group logs'],
        summary: 'One device’s run of a task group',
        params,
        response: { 200: successEnvelope(taskGroupLogSchema), ...notFound },
      },
    },
    async (request) => ({
      success: true as const,
      data: await runs.groupLog(requireAuth(request), request.params.id),
    }),
  );

  app.get(
    '/api/devices/tasks/logs',
    {
      config: view,
      schema: {
        tags: ['device task logs'],
        summary: 'Each step on each device, newest first',
        querystring: taskLogListQuerySchema,
        response: { 200: listEnvelope(taskLogSchema) },
      },
    },
    async (request) => {
      const { data, total, estimated } = await runs.taskLogs(requireAuth(request), request.query);
      return { success: true as const, data, meta: metaOf(total, estimated) };
    },
  );

  app.get(
    '/api/devices/tasks/logs/:id',
    {
      config: view,
      schema: {
        tags: ['device task logs'],
        summary: 'One step on one device',
        params,
        response: { 200: successEnvelope(taskLogSchema), ...notFound },
      },
    },
    async (request) => ({
      success: true as const,
      data: await runs.taskLog(requireAuth(request), request.params.id),
    }),
  );
};
