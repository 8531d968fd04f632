import type { GroupLogState } from '@netfleet/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '@/db/client';
import type { RunStep } from '@/db/schema';
import type {
  ClaimedRun,
  DueGroupLog,
  FinishedStep,
  GroupLogMove,
  NewTaskLog,
  PendingWork,
  RunOfStep,
  StepResult,
} from './task-engine.types';

/** PGlite and node-postgres both answer `{ rows }`; bigints come as text from the latter. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A JSON list of integers as a set of rows, so a list travels as one parameter. */
const intSet = (ids: readonly number[]): SQL =>
  sql`(select (value)::int from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;

/**
 * The task engine's set-based statements. Every move is guarded by the state it leaves, and the
 * claims lock with SKIP LOCKED, so two instances (or a restart mid-batch) never move a row twice.
 */
export const createTaskEngineRepository = (db: Database) => ({
  /**
   * What a tick has to do, in one statement: runs due to start, steps due to start, steps whose
   * job ended, and whether any run is under way at all. Behind a storm of device messages every
   * statement waits its turn, so a tick skips the phases with nothing to do.
   */
  async pendingWork(at: Date, tx: Executor = db): Promise<PendingWork> {
    const result = await tx.execute(sql`
      select
        exists (select 1 from task_runs where status = 'scheduled' and start_at <= ${at}) as due,
        exists (
          select 1 from task_group_logs gl join task_runs r on r.id = gl.run_id
          where gl.state = 'pending'
            and (r.status = 'running' or (r.status = 'paused' and r.valid_until <= ${at}))
            and (gl.not_before is null or gl.not_before <= ${at})) as pending,
        exists (
          select 1 from task_logs tl join device_jobs j on j.id = tl.job_id
          where tl.status = 'running'
            and j.status in ('completed', 'failed', 'cancelled', 'timeout')) as finished,
        exists (select 1 from task_runs where status in ('running', 'paused')) as active`);
    const row = rowsOf<PendingWork>(result)[0];
    return {
      due: row?.due === true,
      pending: row?.pending === true,
      finished: row?.finished === true,
      active: row?.active === true,
    };
  },

  /**
   * The jobs of `ids` still waiting to go out: a job cancelled (or sent at a hello) since it was
   * stored is not sent again.
   */
  async stillQueued(ids: readonly number[], tx: Executor = db): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const result = await tx.execute(sql`
      select id from device_jobs where id in ${intSet(ids)} and status = 'queued'`);
    return new Set(rowsOf<{ id: number | string }>(result).map((row) => Number(row.id)));
  },

  /** Scheduled runs whose start has come, now `running`. */
  async claimDueRuns(at: Date, limit: number, tx: Executor = db): Promise<ClaimedRun[]> {
    const result = await tx.execute(sql`
      update task_runs r set status = 'running', started_at = ${at}
      from companies c
      where c.id = r.company_id and r.id in (
        select id from task_runs where status = 'scheduled' and start_at <= ${at}
        order by start_at limit ${limit} for update skip locked)
      returning r.id, c.path as company_path, r.group_name, r.targets, r.user_id, r.channel, r.recurrence,
        r.start_at, r.valid_until`);
    return rowsOf<{
      id: number;
      company_path: string;
      group_name: string;
      targets: ClaimedRun['targets'];
      user_id: number | null;
      channel: string | null;
      recurrence: ClaimedRun['recurrence'];
      start_at: Date | string;
      valid_until: Date | string;
    }>(result).map((row) => ({
      id: row.id,
      companyPath: row.company_path,
      groupName: row.group_name,
      targets: row.targets,
      userId: row.user_id,
      channel: row.channel,
      recurrence: row.recurrence,
      startAt: new Date(row.start_at),
      validUntil: new Date(row.valid_until),
    }));
  },

  /**
   * One pending group log per device the run's targets name now, within the run's company
   * subtree: the devices, the devices with one of the tags, the devices of the companies (and
   * their subsidiaries). Returns how many devices the run reaches.
   */
  async insertGroupLogs(run: ClaimedRun, limit: number, tx: Executor = db): Promise<number> {
    const { deviceIds, tagIds, companyIds } = run.targets;
    const result = await tx.execute(sql`
      with inserted as (
        insert into task_group_logs (run_id, device_id, name, state)
        select ${run.id}, d.id, ${run.groupName}, 'pending'
        from devices d join companies c on c.id = d.company_id
        where c.path like ${`${run.companyPath}%`} and (
          d.id in ${intSet(deviceIds)}
          or d.id in (select device_id from device_tags where tag_id in ${intSet(tagIds)})
          or c.path like any (select t.path || '%' from companies t where t.id in ${intSet(companyIds)}))
        order by d.id
        limit ${limit}
        on conflict do nothing
        returning 1)
      select cast(count(*) as integer) as n from inserted`);
    return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
  },

  /** Pending group logs of running runs (or of any run whose window closed), now `running`. */
  async claimPending(at: Date, limit: number, tx: Executor = db): Promise<DueGroupLog[]> {
    const result = await tx.execute(sql`
      update task_group_logs g set state = 'running', updated_at = ${at}
      from devices d
      where d.id = g.device_id and g.id in (
        select gl.id from task_group_logs gl join task_runs r on r.id = gl.run_id
        where gl.state = 'pending'
          and (r.status = 'running' or (r.status = 'paused' and r.valid_until <= ${at}))
          and (gl.not_before is null or gl.not_before <= ${at})
        order by gl.id limit ${limit} for update of gl skip locked)
      returning g.id, g.run_id, g.device_id, d.model, d.firmware, g.step_index, g.attempt, g.steps_done,
        g.any_failed`);
    return rowsOf<{
      id: number | string;
      run_id: number;
      device_id: number;
      model: string;
      firmware: string | null;
      step_index: number;
      attempt: number;
      steps_done: number;
      any_failed: boolean;
    }>(result).map((row) => ({
      id: Number(row.id),
      runId: row.run_id,
      deviceId: row.device_id,
      model: row.model,
      firmware: row.firmware,
      stepIndex: row.step_index,
      attempt: row.attempt,
      stepsDone: row.steps_done,
      anyFailed: row.any_failed,
    }));
  },

  /** Running steps whose job ended, locked for this batch. */
  async claimFinished(limit: number, tx: Executor = db): Promise<FinishedStep[]> {
    const result = await tx.execute(sql`
      select tl.id, tl.group_log_id, tl.run_id, tl.device_id, tl.step_index, tl.attempt,
        g.steps_done, g.any_failed, j.status as job_status, j.type as job_type, j.message,
        j.result
      from task_logs tl join device_jobs j on j.id = tl.job_id
        join task_group_logs g on g.id = tl.group_log_id
      where tl.status = 'running' and j.status in ('completed', 'failed', 'cancelled', 'timeout')
      order by tl.id limit ${limit}
      for update of tl skip locked`);
    return rowsOf<{
      id: number | string;
      group_log_id: number | string;
      run_id: number;
      device_id: number;
      step_index: number;
      attempt: number;
      steps_done: number;
      any_failed: boolean;
      job_status: FinishedStep['jobStatus'];
      job_type: string;
      message: string | null;
      result: string | null;
    }>(result).map((row) => ({
      id: Number(row.id),
      groupLogId: Number(row.group_log_id),
      runId: row.run_id,
      deviceId: row.device_id,
      stepIndex: row.step_index,
      attempt: row.attempt,
      stepsDone: row.steps_done,
      anyFailed: row.any_failed,
      jobStatus: row.job_status,
      jobType: row.job_type,
      message: row.message,
      result: row.result,
    }));
  },

  async runsOf(ids: readonly number[], tx: Executor = db): Promise<RunOfStep[]> {
    if (ids.length === 0) return [];
    const result = await tx.execute(sql`
      select id, company_id, user_id, channel, steps, valid_until, success_tag_ids, failed_tag_ids
      from task_runs where id in ${intSet(ids)}`);
    return rowsOf<{
      id: number;
      company_id: number;
      user_id: number | null;
      channel: string | null;
      steps: RunStep[];
      valid_until: Date | string;
      success_tag_ids: number[];
      failed_tag_ids: number[];
    }>(result).map((row) => ({
      id: row.id,
      companyId: row.company_id,
      userId: row.user_id,
      channel: row.channel,
      steps: row.steps,
      validUntil: new Date(row.valid_until),
      successTagIds: row.success_tag_ids,
      failedTagIds: row.failed_tag_ids,
    }));
  },

  async insertTaskLogs(logs: readonly NewTaskLog[], tx: Executor = db) {
    if (logs.length === 0) return;
    const batch = JSON.stringify(
      logs.map((log) => ({
        group_log_id: log.groupLogId,
        run_id: log.runId,
        device_id: log.deviceId,
        step_index: log.stepIndex,
        task_id: log.taskId,
        action: log.action,
        name: log.name,
        data: log.data,
        status: log.status,
        attempt: log.attempt,
        job_id: log.jobId,
        message: log.message,
        finished_at: log.finishedAt?.toISOString() ?? null,
      })),
    );
    await tx.execute(sql`
      insert into task_logs (group_log_id, run_id, device_id, step_index, task_id, action, name,
        data, status, attempt, job_id, message, finished_at)
      select u.group_log_id, u.run_id, u.device_id, u.step_index, u.task_id, u.action, u.name,
        u.data, u.status, u.attempt, u.job_id, u.message, u.finished_at
      from json_to_recordset(${batch}::json) as u(group_log_id bigint, run_id int, device_id int,
        step_index int, task_id int, action varchar(32), name varchar(255), data jsonb,
        status varchar(16), attempt int, job_id bigint, message text, finished_at timestamptz)`);
  },

  /** Finishes running steps; a step no longer running (cancelled meanwhile) is left alone. */
  async finishSteps(results: readonly StepResult[], at: Date, tx: Executor = db) {
    if (results.length === 0) return;
    await tx.execute(sql`
      update task_logs tl set status = u.status, message = u.message, output = u.output,
        finished_at = ${at}
      from json_to_recordset(${JSON.stringify(results)}::json)
        as u(id bigint, status varchar(16), message text, output text)
      where tl.id = u.id and tl.status = 'running'`);
  },

  /** Moves running group logs; returns those that reached a final state, with their device. */
  async moveGroupLogs(moves: readonly GroupLogMove[], at: Date, tx: Executor = db) {
    if (moves.length === 0) return [];
    const result = await tx.execute(sql`
      update task_group_logs g set state = u.state, step_index = u."stepIndex",
        attempt = u.attempt, steps_done = u."stepsDone", any_failed = u."anyFailed",
        not_before = u."notBefore", message = u.message, updated_at = ${at},
        finished_at = case when u.finished then ${at}::timestamptz else null end
      from json_to_recordset(${JSON.stringify(moves)}::json) as u(id bigint, state varchar(16),
        "stepIndex" int, attempt int, "stepsDone" int, "anyFailed" boolean,
        "notBefore" timestamptz, message text, finished boolean)
      where g.id = u.id and g.state = 'running'
      returning g.id, g.run_id, g.device_id, g.state`);
    return rowsOf<{ id: number | string; run_id: number; device_id: number; state: GroupLogState }>(
      result,
    )
      .filter((row) => row.state !== 'pending')
      .map((row) => ({
        id: Number(row.id),
        runId: row.run_id,
        deviceId: row.device_id,
        state: row.state,
      }));
  },

  /** Gives each device the tags its finished run earned; a tag given already stays once. */
  async tagDevices(pairs: readonly { deviceId: number; tagId: number }[], tx: Executor = db) {
    if (pairs.length === 0) return;
    await tx.execute(sql`
      insert into device_tags (device_id, tag_id)
      select u."deviceId", u."tagId"
      from json_to_recordset(${JSON.stringify(pairs)}::json) as u("deviceId" int, "tagId" int)
      where exists (select 1 from tags where id = u."tagId")
      on conflict do nothing`);
  },

  /**
   * Started runs with no device left to work on, now `completed`; returns them. A run paused before
   * it started has no devices yet, and waits for its resume.
   */
  async completeFinishedRuns(at: Date, tx: Executor = db) {
    const result = await tx.execute(sql`
      update task_runs r set status = 'completed', finished_at = ${at}
      where r.status in ('running', 'paused') and r.started_at is not null and not exists (
        select 1 from task_group_logs g where g.run_id = r.id and g.state in ('pending', 'running'))
      returning r.id, r.channel`);
    return rowsOf<{ id: number; channel: string | null }>(result);
  },

  /** The next run of a recurring schedule: a copy of `runId` starting at `startAt`. */
  async scheduleNext(runId: number, next: { startAt: Date; validUntil: Date }, tx: Executor = db) {
    await tx.execute(sql`
      insert into task_runs (group_id, group_name, company_id, user_id, status, targets, steps,
        success_tag_ids, failed_tag_ids, recurrence, series_id, channel, start_at, valid_until)
      select group_id, group_name, company_id, user_id, 'scheduled', targets, steps,
        success_tag_ids, failed_tag_ids, recurrence, series_id, null, ${next.startAt},
        ${next.validUntil}
      from task_runs where id = ${runId}`);
  },

  async setChannel(id: number, channel: string, tx: Executor = db) {
    await tx.execute(
      sql`update task_runs set channel = ${channel} where id = ${id} and channel is null`,
    );
  },

  /** Ends a run with nothing to do (no device matched) and says why. */
  async endRun(id: number, message: string, at: Date, tx: Executor = db) {
    await tx.execute(sql`
      update task_runs set status = 'completed', finished_at = ${at}, message = ${message}
      where id = ${id}`);
  },
});

export type TaskEngineRepository = ReturnType<typeof createTaskEngineRepository>;
