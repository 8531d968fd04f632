import type { TaskRunCounts, TaskRunListQuery, TaskRunState } from '@netfleet/contracts';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import { visibleCompaniesFilter, type Viewer } from '@/db/company-scope';
import { countAll, orderByFrom } from '@/db/list';
import {
  companies,
  deviceJobs,
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

const RUN_SORT = { id: taskRuns.id, start_at: taskRuns.startAt, created_at: taskRuns.createdAt };
export const EMPTY_RUN_COUNTS: TaskRunCounts = {
  total: 0,
  pending: 0,
  running: 0,
  completed: 0,
  failed: 0,
  expired: 0,
  cancelled: 0,
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

/** Runs of task groups: scheduling, steering and counting them (their logs: task-logs.repository). */
export const createTaskRunsRepository = (db: Database) => {
  const selectRuns = (tx: Executor) =>
    tx.select(runColumns).from(taskRuns).innerJoin(companies, eq(companies.id, taskRuns.companyId));
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
  };
};

export type TaskRunsRepository = ReturnType<typeof createTaskRunsRepository>;
