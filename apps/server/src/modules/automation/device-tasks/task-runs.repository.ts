import {
  GROUP_LOG_STATES,
  type GroupLogState,
  RMS_GROUP_LOG_STATUSES,
  TASK_ACTION_TYPES,
  TASK_ACTIONS,
  type TaskAction,
  type TaskGroupLogListQuery,
  type TaskLogListQuery,
  type TaskRunCounts,
  type TaskRunListQuery,
  type TaskRunState,
} from '@netfleet/contracts';
import { and, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';
import { cappedTotal } from '@/db/estimated-total';
import { countAll, orderByFrom, searchFilter } from '@/db/list';
import {
  companies,
  deviceJobs,
  devices,
  type RunStep,
  type RunTargets,
  taskGroupLogs,
  taskLogs,
  taskRuns,
} from '@/db/schema';

const runColumns = {
  id: taskRuns.id,
  groupId: taskRuns.groupId,
  groupName: taskRuns.groupName,
  companyId: taskRuns.companyId,
  userId: taskRuns.userId,
  status: taskRuns.status,
  targets: taskRuns.targets,
  startAt: taskRuns.startAt,
  validUntil: taskRuns.validUntil,
  recurrence: taskRuns.recurrence,
  seriesId: taskRuns.seriesId,
  channel: taskRuns.channel,
  message: taskRuns.message,
  startedAt: taskRuns.startedAt,
  createdAt: taskRuns.createdAt,
  finishedAt: taskRuns.finishedAt,
};
export type TaskRunRow = NonNullable<Awaited<ReturnType<TaskRunsRepository['find']>>>;

const groupLogColumns = {
  id: taskGroupLogs.id,
  deviceId: taskGroupLogs.deviceId,
  deviceName: devices.name,
  name: taskGroupLogs.name,
  state: taskGroupLogs.state,
  runId: taskGroupLogs.runId,
  groupId: taskRuns.groupId,
  stepsDone: taskGroupLogs.stepsDone,
  stepsTotal: sql<number>`jsonb_array_length(${taskRuns.steps})`.mapWith(Number),
  message: taskGroupLogs.message,
  createdAt: taskGroupLogs.createdAt,
  updatedAt: taskGroupLogs.updatedAt,
  finishedAt: taskGroupLogs.finishedAt,
};

const taskLogColumns = {
  id: taskLogs.id,
  groupLogId: taskLogs.groupLogId,
  groupLogName: taskGroupLogs.name,
  action: taskLogs.action,
  name: taskLogs.name,
  order: taskLogs.stepIndex,
  data: taskLogs.data,
  status: taskLogs.status,
  attempt: taskLogs.attempt,
  deviceId: taskLogs.deviceId,
  jobId: taskLogs.jobId,
  message: taskLogs.message,
  output: taskLogs.output,
  createdAt: taskLogs.createdAt,
  finishedAt: taskLogs.finishedAt,
};

const RUN_SORT = { id: taskRuns.id, start_at: taskRuns.startAt, created_at: taskRuns.createdAt };
const GROUP_LOG_SORT = {
  id: taskGroupLogs.id,
  created_at: taskGroupLogs.createdAt,
  device_id: taskGroupLogs.deviceId,
  state: taskGroupLogs.state,
};
const TASK_LOG_SORT = {
  id: taskLogs.id,
  created_at: taskLogs.createdAt,
  order: taskLogs.stepIndex,
  attempt: taskLogs.attempt,
};

export const EMPTY_RUN_COUNTS: TaskRunCounts = {
  total: 0,
  pending: 0,
  running: 0,
  completed: 0,
  failed: 0,
  expired: 0,
  cancelled: 0,
};

/** RMS's status (processing, completed, failed) or one of netfleet's states. */
const statesOf = (status: string): GroupLogState[] | null => {
  if ((GROUP_LOG_STATES as readonly string[]).includes(status)) return [status as GroupLogState];
  if (!(RMS_GROUP_LOG_STATUSES as readonly string[]).includes(status)) return null;
  if (status === 'processing') return ['pending', 'running'];
  if (status === 'completed') return ['completed'];
  return ['failed', 'expired', 'cancelled'];
};

export interface NewRun {
  groupId: number;
  groupName: string;
  companyId: number;
  userId: number;
  targets: RunTargets;
  steps: RunStep[];
  successTagIds: number[];
  failedTagIds: number[];
  channel: string;
  startAt: Date;
  validUntil: Date;
  recurrence: { cron: string; time_zone: string } | null;
}

/** Runs of task groups, the group logs (one per device) and task logs (one per step) they hold. */
export const createTaskRunsRepository = (db: Database) => {
  const selectRuns = (tx: Executor) =>
    tx.select(runColumns).from(taskRuns).innerJoin(companies, eq(companies.id, taskRuns.companyId));
  const selectGroupLogs = (tx: Executor) =>
    tx
      .select(groupLogColumns)
      .from(taskGroupLogs)
      .innerJoin(taskRuns, eq(taskRuns.id, taskGroupLogs.runId))
      .innerJoin(companies, eq(companies.id, taskRuns.companyId))
      .innerJoin(devices, eq(devices.id, taskGroupLogs.deviceId));
  const countGroupLogs = (tx: Executor, where: SQL | undefined) =>
    cappedTotal(
      tx,
      tx
        .select({ id: taskGroupLogs.id })
        .from(taskGroupLogs)
        .innerJoin(taskRuns, eq(taskRuns.id, taskGroupLogs.runId))
        .innerJoin(companies, eq(companies.id, taskRuns.companyId))
        .innerJoin(devices, eq(devices.id, taskGroupLogs.deviceId))
        .where(where),
    );
  const selectTaskLogs = (tx: Executor) =>
    tx
      .select(taskLogColumns)
      .from(taskLogs)
      .innerJoin(taskGroupLogs, eq(taskGroupLogs.id, taskLogs.groupLogId))
      .innerJoin(taskRuns, eq(taskRuns.id, taskLogs.runId))
      .innerJoin(companies, eq(companies.id, taskRuns.companyId));
  /** Capped like the device list: a log of a million rows is not counted on every page. */
  const countTaskLogs = (tx: Executor, where: SQL | undefined) =>
    cappedTotal(
      tx,
      tx
        .select({ id: taskLogs.id })
        .from(taskLogs)
        .innerJoin(taskRuns, eq(taskRuns.id, taskLogs.runId))
        .innerJoin(companies, eq(companies.id, taskRuns.companyId))
        .where(where),
    );

  return {
    async insert(run: NewRun, tx: Executor = db) {
      const [row] = await tx
        .insert(taskRuns)
        .values({ ...run, status: 'scheduled' })
        .returning({ id: taskRuns.id });
      if (!row) throw new Error('task run insert returned nothing');
      if (run.recurrence) {
        await tx.update(taskRuns).set({ seriesId: row.id }).where(eq(taskRuns.id, row.id));
      }
      return row.id;
    },

    /** Whether the group has a recurring schedule whose next run is still to come. */
    async hasActiveSeries(groupId: number, tx: Executor = db) {
      const [row] = await tx
        .select({ id: taskRuns.id })
        .from(taskRuns)
        .where(
          and(
            eq(taskRuns.groupId, groupId),
            isNotNull(taskRuns.recurrence),
            inArray(taskRuns.status, ['scheduled', 'paused']),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async find(viewer: Viewer, id: number, tx: Executor = db) {
      const [row] = await selectRuns(tx).where(
        and(eq(taskRuns.id, id), visibleCompaniesFilter(viewer)),
      );
      return row ?? null;
    },

    async list(viewer: Viewer, query: TaskRunListQuery, tx: Executor = db) {
      const where = and(
        visibleCompaniesFilter(viewer),
        query.group_id ? eq(taskRuns.groupId, query.group_id) : undefined,
        query.series_id ? eq(taskRuns.seriesId, query.series_id) : undefined,
        query.status ? eq(taskRuns.status, query.status) : undefined,
        query.id?.length ? inArray(taskRuns.id, query.id) : undefined,
      );
      const rows = await selectRuns(tx)
        .where(where)
        .orderBy(...orderByFrom(query.sort, RUN_SORT, [desc(taskRuns.id)]))
        .limit(query.limit)
        .offset(query.offset);
      const [count] = await tx
        .select({ total: countAll })
        .from(taskRuns)
        .innerJoin(companies, eq(companies.id, taskRuns.companyId))
        .where(where);
      return { rows, total: count?.total ?? 0 };
    },

    /** The newest run of each group. */
    async lastRuns(groupIds: readonly number[], tx: Executor = db) {
      if (groupIds.length === 0) return [];
      const newest = tx
        .select({ id: sql<number>`max(${taskRuns.id})`.as('id') })
        .from(taskRuns)
        .where(inArray(taskRuns.groupId, [...groupIds]))
        .groupBy(taskRuns.groupId);
      return selectRuns(tx).where(
        inArray(taskRuns.id, sql`(select id from ${newest.as('newest')})`),
      );
    },

    /** Devices per state of each run: the task manager's live counts. */
    async counts(runIds: readonly number[], tx: Executor = db) {
      const counts = new Map<number, TaskRunCounts>();
      if (runIds.length === 0) return counts;
      const rows = await tx
        .select({ runId: taskGroupLogs.runId, state: taskGroupLogs.state, count: countAll })
        .from(taskGroupLogs)
        .where(inArray(taskGroupLogs.runId, [...runIds]))
        .groupBy(taskGroupLogs.runId, taskGroupLogs.state);
      for (const id of runIds) counts.set(id, { ...EMPTY_RUN_COUNTS });
      for (const row of rows) {
        const entry = counts.get(row.runId);
        if (!entry) continue;
        entry[row.state] += row.count;
        entry.total += row.count;
      }
      return counts;
    },

    async hasOpenRun(groupId: number, tx: Executor = db) {
      const [row] = await tx
        .select({ id: taskRuns.id })
        .from(taskRuns)
        .where(
          and(
            eq(taskRuns.groupId, groupId),
            inArray(taskRuns.status, ['scheduled', 'running', 'paused']),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** Moves the run from one of `from` to `status`; false when it was in none of them. */
    async setStatus(
      id: number,
      status: TaskRunState,
      from: TaskRunState[],
      at: Date,
      tx: Executor = db,
    ) {
      const finished = status === 'cancelled' || status === 'completed';
      const moved = await tx
        .update(taskRuns)
        .set({ status, ...(finished ? { finishedAt: at } : {}) })
        .where(and(eq(taskRuns.id, id), inArray(taskRuns.status, from)))
        .returning({ id: taskRuns.id });
      return moved.length > 0;
    },

    /**
     * Cancels the run's devices that have not finished (those in `deviceIds`, else all): their
     * running step is cancelled, as is its job if the device has not started it. Returns the
     * devices cancelled.
     */
    async cancelDevices(
      runId: number,
      deviceIds: readonly number[] | null,
      at: Date,
      tx: Executor = db,
    ) {
      const logs = await tx
        .update(taskGroupLogs)
        .set({ state: 'cancelled', finishedAt: at, updatedAt: at, message: 'Cancelled' })
        .where(
          and(
            eq(taskGroupLogs.runId, runId),
            inArray(taskGroupLogs.state, ['pending', 'running']),
            deviceIds ? inArray(taskGroupLogs.deviceId, [...deviceIds]) : undefined,
          ),
        )
        .returning({ id: taskGroupLogs.id, deviceId: taskGroupLogs.deviceId });
      if (logs.length === 0) return [];
      const ids = logs.map((log) => log.id);
      const steps = await tx
        .update(taskLogs)
        .set({ status: 'cancelled', finishedAt: at, message: 'Cancelled' })
        .where(and(inArray(taskLogs.groupLogId, ids), eq(taskLogs.status, 'running')))
        .returning({ jobId: taskLogs.jobId });
      const jobIds = steps.flatMap((step) => (step.jobId === null ? [] : [step.jobId]));
      if (jobIds.length) {
        await tx
          .update(deviceJobs)
          .set({ status: 'cancelled', finishedAt: at, message: 'Cancelled with its task run' })
          .where(
            and(inArray(deviceJobs.id, jobIds), inArray(deviceJobs.status, ['queued', 'sent'])),
          );
      }
      return logs.map((log) => log.deviceId);
    },

    async listGroupLogs(viewer: Viewer, query: TaskGroupLogListQuery, tx: Executor = db) {
      const states = query.status ? statesOf(query.status) : null;
      const where = and(
        visibleCompaniesFilter(viewer),
        query.device_id ? eq(taskGroupLogs.deviceId, query.device_id) : undefined,
        query.run_id ? eq(taskGroupLogs.runId, query.run_id) : undefined,
        query.group_id ? eq(taskRuns.groupId, query.group_id) : undefined,
        query.id?.length ? inArray(taskGroupLogs.id, query.id) : undefined,
        query.status ? inArray(taskGroupLogs.state, states ?? []) : undefined,
        query.q
          ? searchFilter(query.q, query['search-fields'], {
              device_name: devices.name,
              serial: devices.serial,
            })
          : undefined,
      );
      const rows = await selectGroupLogs(tx)
        .where(where)
        .orderBy(...orderByFrom(query.sort, GROUP_LOG_SORT, [desc(taskGroupLogs.id)]))
        .limit(query.limit)
        .offset(query.offset);
      return { rows, ...(await countGroupLogs(tx, where)) };
    },

    async findGroupLog(viewer: Viewer, id: number, tx: Executor = db) {
      const [row] = await selectGroupLogs(tx).where(
        and(eq(taskGroupLogs.id, id), visibleCompaniesFilter(viewer)),
      );
      return row ?? null;
    },

    async listTaskLogs(viewer: Viewer, query: TaskLogListQuery, tx: Executor = db) {
      const where = and(
        visibleCompaniesFilter(viewer),
        query.group_log_id ? eq(taskLogs.groupLogId, query.group_log_id) : undefined,
        query.run_id ? eq(taskLogs.runId, query.run_id) : undefined,
        query.device_id ? eq(taskLogs.deviceId, query.device_id) : undefined,
        query.type ? typeFilter(query.type) : undefined,
        query.id?.length ? inArray(taskLogs.id, query.id) : undefined,
      );
      const rows = await selectTaskLogs(tx)
        .where(where)
        .orderBy(...orderByFrom(query.sort, TASK_LOG_SORT, [desc(taskLogs.id)]))
        .limit(query.limit)
        .offset(query.offset);
      return { rows, ...(await countTaskLogs(tx, where)) };
    },

    async findTaskLog(viewer: Viewer, id: number, tx: Executor = db) {
      const [row] = await selectTaskLogs(tx).where(
        and(eq(taskLogs.id, id), visibleCompaniesFilter(viewer)),
      );
      return row ?? null;
    },
  };
};

/** RMS's type filter: a type stands for its actions; an action filters itself. */
const typeFilter = (type: string): SQL => {
  const actions = TASK_ACTIONS.filter((action) => TASK_ACTION_TYPES[action] === type);
  return inArray(taskLogs.action, actions.length ? actions : [type as TaskAction]);
};

export type TaskRunsRepository = ReturnType<typeof createTaskRunsRepository>;
