import {
  createTaskGroupBodySchema,
  emptySuccessSchema,
  errorEnvelopeSchema,
  executeTaskGroupAnswerSchema,
  executeTaskGroupBodySchema,
  idSchema,
  listEnvelope,
  successEnvelope,
  taskGroupDetailSchema,
  taskGroupListQuerySchema,
  taskGroupSchema,
  taskListQuerySchema,
  taskSchema,
  updateTaskBodySchema,
  updateTaskGroupBodySchema,
} from '@netfleet/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '@/plugins/auth';
import type { TaskGroupsService } from './task-groups.service';
import type { TaskRunsService } from './task-runs.service';

const view = { permission: 'view_device_task_groups' } as const;
const manage = { permission: 'manage_device_task_groups' } as const;
const params = z.object({ id: idSchema });
const errors = { 404: errorEnvelopeSchema, 409: errorEnvelopeSchema, 422: errorEnvelopeSchema };

/** RMS device task groups and device tasks (/devices/tasks/groups, /devices/tasks). */
export const taskGroupsRoutes: FastifyPluginAsyncZod<{
  groups: TaskGroupsService;
  runs: TaskRunsService;
}> = async (app, { groups, runs }) => {
  app.get(
    '/api/devices/tasks/groups',
    {
      config: view,
      schema: {
        tags: ['device task groups'],
        summary: 'Task groups, each with its newest run and that run’s live counts',
        querystring: taskGroupListQuerySchema,
        response: { 200: listEnvelope(taskGroupSchema) },
      },
    },
    async (request) => {
      const { data, total } = await groups.list(requireAuth(request), request.query);
      return { success: true as const, data, meta: { total } };
    },
  );

  app.post(
    '/api/devices/tasks/groups',
    {
      config: manage,
      schema: {
        tags: ['device task groups'],
        summary: 'Create a task group (steps run in `order` on each device)',
        body: createTaskGroupBodySchema,
        response: { 200: successEnvelope(z.object({ id: z.number().int() })), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: { id: await groups.create(requireAuth(request), request.body) },
    }),
  );

  app.get(
    '/api/devices/tasks/groups/:id',
    {
      config: view,
      schema: {
        tags: ['device task groups'],
        summary: 'One task group with its steps',
        params,
        response: { 200: successEnvelope(taskGroupDetailSchema), 404: errorEnvelopeSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await groups.get(requireAuth(request), request.params.id),
    }),
  );

  app.put(
    '/api/devices/tasks/groups/:id',
    {
      config: manage,
      schema: {
        tags: ['device task groups'],
        summary: 'Update a task group; `tasks` replaces all its steps (runs under way keep theirs)',
        params,
        body: updateTaskGroupBodySchema,
        response: { 200: emptySuccessSchema, ...errors },
      },
    },
    async (request) => {
      await groups.update(requireAuth(request), request.params.id, request.body);
      return { success: true as const };
    },
  );

  app.delete(
    '/api/devices/tasks/groups/:id',
    {
      config: manage,
      schema: {
        tags: ['device task groups'],
        summary: 'Delete a task group (409 while one of its runs has not finished)',
        params,
        response: { 200: emptySuccessSchema, ...errors },
      },
    },
    async (request) => {
      await groups.remove(requireAuth(request), request.params.id);
      return { success: true as const };
    },
  );

  app.post(
    '/api/devices/tasks/groups/:id',
    {
      config: manage,
      schema: {
        tags: ['device task groups'],
        summary: 'Run the group on devices, tags and companies, now or at start_at (async)',
        description:
          'Targets are resolved when the run starts, so a device tagged meanwhile is included. ' +
          'An offline device gets its steps when it reconnects before valid_until (default: a ' +
          'day after the start), and is marked expired after it. Progress per device arrives on ' +
          'meta.channel; meta.run_id names the run (GET /devices/tasks/runs/{id}).',
        params,
        body: executeTaskGroupBodySchema,
        response: { 200: executeTaskGroupAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { channel, runId } = await runs.execute(
        requireAuth(request),
        request.params.id,
        request.body,
      );
      return { success: true as const, meta: { channel, run_id: runId } };
    },
  );

  app.get(
    '/api/devices/tasks',
    {
      config: view,
      schema: {
        tags: ['device tasks'],
        summary: 'Steps of the task groups you see',
        querystring: taskListQuerySchema,
        response: { 200: listEnvelope(taskSchema) },
      },
    },
    async (request) => {
      const { data, total } = await groups.listTasks(requireAuth(request), request.query);
      return { success: true as const, data, meta: { total } };
    },
  );

  app.put(
    '/api/devices/tasks/:id',
    {
      config: manage,
      schema: {
        tags: ['device tasks'],
        summary: 'Update one step of a task group',
        params,
        body: updateTaskBodySchema,
        response: { 200: emptySuccessSchema, ...errors },
      },
    },
    async (request) => {
      await groups.updateTask(requireAuth(request), request.params.id, request.body);
      return { success: true as const };
    },
  );

  app.delete(
    '/api/devices/tasks/:id',
    {
      config: manage,
      schema: {
        tags: ['device tasks'],
        summary: 'Remove one step from its task group',
        params,
        response: { 200: emptySuccessSchema, 404: errorEnvelopeSchema },
      },
    },
    async (request) => {
      await groups.removeTask(requireAuth(request), request.params.id);
      return { success: true as const };
    },
  );
};
