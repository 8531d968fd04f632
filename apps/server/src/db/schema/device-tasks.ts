import type {
  ConfigRequest,
  GroupLogState,
  TaskAction,
  TaskData,
  TaskLogState,
  TaskRunState,
} from '@netfleet/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns';
import { companies } from './companies';
import { deviceJobs, devices } from './devices';
import { users } from './users';

/** A named, ordered list of steps (RMS device task group). */
export const taskGroups = pgTable(
  'task_groups',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 255 }).notNull(),
    successTagIds: integer('success_tag_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    failedTagIds: integer('failed_tag_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('task_groups_company_name_unique').on(t.companyId, sql`lower(${t.name})`)],
);

/** One step of a group (RMS device task). */
export const tasks = pgTable(
  'tasks',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => taskGroups.id, { onDelete: 'cascade' }),
    order: integer('order').notNull(),
    action: varchar('action', { length: 32 }).$type<TaskAction>().notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    data: jsonb('data').$type<TaskData>().notNull().default({}),
    timeout: integer('timeout').notNull(),
    stopOnFailure: boolean('stop_on_failure').notNull().default(true),
    retries: integer('retries').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('tasks_group_id_idx').on(t.groupId, t.order)],
);

/** A step as a run carries it: the task at launch, variables substituted, files resolved. */
export interface RunStep {
  taskId: number;
  action: TaskAction;
  name: string;
  data: TaskData;
  timeout: number;
  stopOnFailure: boolean;
  retries: number;
  /** What a firmware step sends: the file as it was when the run was created. */
  file?: { id: number; name: string; size: number; sha256: string; device_model: string | null };
  /** What a monitoring step sets: the template's periods (device fields) at the run's creation. */
  monitoring?: { template_id: number; name: string; periods: Record<string, number> };
  /** What a configuration step applies: the template as it was when the run was created. */
  template?: {
    id: number;
    name: string;
    requests: ConfigRequest[];
    device_model: string | null;
    min_firmware: string | null;
    max_firmware: string | null;
  };
}

export interface RunTargets {
  deviceIds: number[];
  tagIds: number[];
  companyIds: number[];
}

/**
 * One execution of a group: targets resolved when it starts, steps frozen when it is created, so
 * editing the group never changes a run under way.
 */
export const taskRuns = pgTable(
  'task_runs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    groupId: integer('group_id').references(() => taskGroups.id, { onDelete: 'set null' }),
    groupName: varchar('group_name', { length: 255 }).notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: varchar('status', { length: 16 }).$type<TaskRunState>().notNull(),
    targets: jsonb('targets').$type<RunTargets>().notNull(),
    steps: jsonb('steps').$type<RunStep[]>().notNull(),
    successTagIds: integer('success_tag_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    failedTagIds: integer('failed_tag_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** `{cron, time_zone}` on every run of a recurring schedule. */
    recurrence: jsonb('recurrence').$type<{ cron: string; time_zone: string }>(),
    /** The schedule's first run (its own id for the first), so a series reads as one. */
    seriesId: integer('series_id'),
    channel: text('channel'),
    message: text('message'),
    startAt: timestamptz('start_at').notNull(),
    validUntil: timestamptz('valid_until').notNull(),
    startedAt: timestamptz('started_at'),
    finishedAt: timestamptz('finished_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('task_runs_group_id_idx').on(t.groupId, t.id),
    index('task_runs_series_idx').on(t.seriesId),
    index('task_runs_due_idx')
      .on(t.startAt)
      .where(sql`${t.status} = 'scheduled'`),
    // The engine asks every second whether any run is under way; finished runs pile up.
    index('task_runs_active_idx')
      .on(t.id)
      .where(sql`${t.status} in ('running', 'paused')`),
  ],
);

/**
 * One device's run of a group (RMS device task group log). `pending` waits for its step at
 * `step_index` to start (not before `not_before`, when a retry backs off); `running` has that
 * step's job out.
 */
export const taskGroupLogs = pgTable(
  'task_group_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    runId: integer('run_id')
      .notNull()
      .references(() => taskRuns.id, { onDelete: 'cascade' }),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 255 }).notNull(),
    state: varchar('state', { length: 16 }).$type<GroupLogState>().notNull(),
    stepIndex: integer('step_index').notNull().default(0),
    attempt: integer('attempt').notNull().default(1),
    stepsDone: integer('steps_done').notNull().default(0),
    anyFailed: boolean('any_failed').notNull().default(false),
    notBefore: timestamptz('not_before'),
    message: text('message'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    uniqueIndex('task_group_logs_run_device_unique').on(t.runId, t.deviceId),
    index('task_group_logs_device_idx').on(t.deviceId, t.id),
    // A run's page of devices, newest first (and its count) without sorting the run's rows.
    index('task_group_logs_run_idx').on(t.runId, t.id),
    index('task_group_logs_pending_idx')
      .on(t.runId)
      .where(sql`${t.state} = 'pending'`),
  ],
);

/** One step on one device (RMS device task log); a retry is a new row with the next attempt. */
export const taskLogs = pgTable(
  'task_logs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    groupLogId: bigint('group_log_id', { mode: 'number' })
      .notNull()
      .references(() => taskGroupLogs.id, { onDelete: 'cascade' }),
    runId: integer('run_id').notNull(),
    deviceId: integer('device_id').notNull(),
    stepIndex: integer('step_index').notNull(),
    taskId: integer('task_id'),
    action: varchar('action', { length: 32 }).$type<TaskAction>().notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    data: jsonb('data').$type<TaskData>().notNull().default({}),
    status: varchar('status', { length: 16 }).$type<TaskLogState>().notNull(),
    attempt: integer('attempt').notNull().default(1),
    jobId: bigint('job_id', { mode: 'number' }).references(() => deviceJobs.id, {
      onDelete: 'set null',
    }),
    message: text('message'),
    output: text('output'),
    createdAt: createdAt(),
    finishedAt: timestamptz('finished_at'),
  },
  (t) => [
    index('task_logs_group_log_idx').on(t.groupLogId, t.id),
    index('task_logs_run_idx').on(t.runId, t.id),
    index('task_logs_device_idx').on(t.deviceId, t.id),
    uniqueIndex('task_logs_job_unique').on(t.jobId),
    index('task_logs_running_idx')
      .on(t.jobId)
      .where(sql`${t.status} = 'running'`),
  ],
);
