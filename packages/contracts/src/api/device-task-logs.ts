import { z } from 'zod';
import { apiDateSchema } from '../api-dates.ts';
import { idSchema, listQuerySchema } from '../list.ts';
import { RMS_TASK_TYPES, rmsSort, TASK_ACTIONS } from './device-tasks.ts';

// Logs of task runs: RMS device task group logs (one device's run of a group) and device task
// logs (one attempt of one step on one device).

/** A device's run of a group, in netfleet's detail. */
export const GROUP_LOG_STATES = [
  'pending',
  'running',
  'completed',
  'failed',
  'expired',
  'cancelled',
] as const;
export type GroupLogState = (typeof GROUP_LOG_STATES)[number];
/** The same as RMS answers it. */
export const RMS_GROUP_LOG_STATUSES = ['processing', 'completed', 'failed'] as const;
export const rmsGroupLogStatus = (state: GroupLogState) =>
  state === 'pending' || state === 'running'
    ? 'processing'
    : state === 'completed'
      ? 'completed'
      : 'failed';

export const taskGroupLogSchema = z.object({
  id: z.number().int(),
  device_id: z.number().int(),
  device_name: z.string(),
  /** The group's name when the run started. */
  name: z.string(),
  status: z.enum(RMS_GROUP_LOG_STATUSES),
  state: z.enum(GROUP_LOG_STATES),
  run_id: z.number().int(),
  group_id: z.number().int().nullable(),
  /** Steps finished of the run's steps. */
  steps_done: z.number().int(),
  steps_total: z.number().int(),
  message: z.string().nullable(),
  created_at: apiDateSchema,
  updated_at: apiDateSchema,
  finished_at: apiDateSchema.nullable(),
});
export type TaskGroupLog = z.infer<typeof taskGroupLogSchema>;

export const TASK_LOG_STATES = [
  'pending',
  'running',
  'waiting_retry',
  'completed',
  'failed',
  'skipped',
  'cancelled',
  'expired',
] as const;
export type TaskLogState = (typeof TASK_LOG_STATES)[number];

export const taskLogSchema = z.object({
  id: z.number().int(),
  group_log_id: z.number().int(),
  group_log_name: z.string(),
  type: z.enum(RMS_TASK_TYPES),
  action: z.enum(TASK_ACTIONS),
  name: z.string(),
  order: z.number().int(),
  /** RMS objects: the step's data, and its result `{status, message, output}` (also below). */
  data: z.record(z.string(), z.unknown()),
  result: z.record(z.string(), z.unknown()),
  status: z.enum(TASK_LOG_STATES),
  message: z.string().nullable(),
  output: z.string().nullable(),
  attempt: z.number().int(),
  device_id: z.number().int(),
  job_id: z.number().int().nullable(),
  created_at: apiDateSchema,
  finished_at: apiDateSchema.nullable(),
});
export type TaskLog = z.infer<typeof taskLogSchema>;

export const taskGroupLogListQuerySchema = listQuerySchema.extend({
  sort: rmsSort,
  device_id: idSchema.optional(),
  /** RMS's status (processing, completed, failed) or netfleet's state. */
  status: z.string().trim().max(32).optional(),
  run_id: idSchema.optional(),
  group_id: idSchema.optional(),
});
export type TaskGroupLogListQuery = z.infer<typeof taskGroupLogListQuerySchema>;

export const taskLogListQuerySchema = listQuerySchema.extend({
  sort: rmsSort,
  type: z.string().trim().max(32).optional(),
  group_log_id: idSchema.optional(),
  run_id: idSchema.optional(),
  device_id: idSchema.optional(),
});
export type TaskLogListQuery = z.infer<typeof taskLogListQuerySchema>;
