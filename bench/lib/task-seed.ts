// A task manager's history inserted set-based (INSERT … SELECT, a statement per run and table):
// three task groups of one, two and three steps, `runs` finished runs of them over the root
// company, each reaching a rotating window of the fleet (the devices must be there already, see
// fleet-seed.ts), a group log per (run, device) and a task log per step the device went through.
// Most devices completed every step; some failed one (the run stopped there), expired or were
// cancelled. The window is sized so that the task logs come to about `taskLogs` rows. Job ids are
// left null: the lists do not read device_jobs.
import { sql } from 'drizzle-orm';
import { type Database, pgliteOf } from '@/db/client';

/** The steps of the groups: group k has the first k. */
const STEPS = [
  { action: 'command', name: 'Read the configuration', data: { command: 'uci show system' } },
  {
    action: 'command',
    name: 'Restart the network',
    data: { command: '/etc/init.d/network restart' },
  },
  { action: 'reboot', name: 'Reboot', data: {} },
] as const;

/** Per mille: completed below 850, failed below 930, expired below 980, cancelled above. */
const OUTCOMES = { completed: 850, failed: 930, expired: 980 } as const;

/** The task logs a device's run of `steps` steps leaves, on average (see the outcome below). */
const logsPerDevice = (steps: number) => {
  let total = 0;
  for (let h = 0; h < 1000; h++) total += h < OUTCOMES.completed ? steps : (h % steps) + 1;
  return total / 1000;
};

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface TaskSeed {
  runs: number;
  devicesPerRun: number;
  groupLogs: number;
  taskLogs: number;
}

export const insertTaskHistory = async (
  db: Database,
  options: { runs: number; taskLogs: number; userId: number; companyId: number },
  progress: (message: string) => void = () => {},
): Promise<TaskSeed> => {
  const [{ devices } = { devices: 0 }] = rowsOf<{ devices: number }>(
    await db.execute(sql`select cast(count(*) as integer) as devices from devices`),
  );
  const stepsOfRun = (run: number) => 1 + (run % STEPS.length);
  let perDevice = 0;
  for (let run = 0; run < options.runs; run++) perDevice += logsPerDevice(stepsOfRun(run));
  const devicesPerRun = Math.min(devices, Math.round(options.taskLogs / perDevice));

  for (let steps = 1; steps <= STEPS.length; steps++) {
    const [group] = rowsOf<{ id: number }>(
      await db.execute(sql`
        insert into task_groups (company_id, name, created_by)
        values (${options.companyId}, ${`Bench ${steps} step${steps > 1 ? 's' : ''}`}, ${options.userId})
        returning id`),
    );
    await db.execute(sql`
      insert into tasks (group_id, "order", action, name, data, timeout)
      select ${group?.id ?? 0}::int, s.ord - 1, s.step->>'action', s.step->>'name', s.step->'data', 60
      from jsonb_array_elements(${JSON.stringify(STEPS.slice(0, steps))}::jsonb)
        with ordinality as s(step, ord)`);
  }
  // Run k (0-based) runs the group of 1 + k % 3 steps, six hours after the one before; the newest
  // ended half an hour after its start, six hours ago.
  await db.execute(sql`
    insert into task_runs (group_id, group_name, company_id, user_id, status, targets, steps,
      start_at, valid_until, started_at, finished_at, created_at)
    select g.id, g.name, ${options.companyId}::int, ${options.userId}::int, 'completed',
      jsonb_build_object('deviceIds', '[]'::jsonb, 'tagIds', '[]'::jsonb,
        'companyIds', jsonb_build_array(${options.companyId}::int)),
      (select jsonb_agg(jsonb_build_object('taskId', t.id, 'action', t.action, 'name', t.name,
          'data', t.data, 'timeout', t.timeout, 'stopOnFailure', t.stop_on_failure,
          'retries', t.retries) order by t."order")
        from tasks t where t.group_id = g.id),
      w.at, w.at + interval '1 day', w.at, w.at + interval '30 minutes', w.at
    from generate_series(0, ${options.runs - 1}::int) k
      cross join lateral (select now() - (${options.runs}::int - k) * interval '6 hours' as at) w
      join task_groups g on g.id = (select id from task_groups order by id offset (k % 3) limit 1)
    order by k`);
  const runIds = rowsOf<{ id: number }>(
    await db.execute(sql`select id from task_runs order by id`),
  ).map((row) => row.id);

  for (const [k, runId] of runIds.entries()) {
    // Device n (0-based by id) is in run k when it falls in the run's window of the fleet; h
    // decides how its run went, f the step where it stopped if it did not complete.
    await db.execute(sql`
      insert into task_group_logs (run_id, device_id, name, state, step_index, attempt, steps_done,
        any_failed, message, created_at, updated_at, finished_at)
      select r.id, d.id, r.group_name, o.state,
        case when o.state = 'completed' then o.steps - 1 else o.f end,
        1,
        case o.state when 'completed' then o.steps when 'failed' then o.f + 1 else o.f end,
        o.state = 'failed',
        case o.state when 'completed' then null
          when 'failed' then 'Command exited with code 1'
          when 'expired' then 'The validity window closed before the device finished'
          else 'Cancelled' end,
        o.at, o.at + o.took, o.at + o.took
      from task_runs r
        cross join (select id, row_number() over (order by id) - 1 as n from devices) d
        cross join lateral (select jsonb_array_length(r.steps) as steps,
          (d.n * 7919 + ${k}::int * 104729) % 1000 as h,
          r.started_at + (d.n % 600) * interval '1 second' as at) s
        cross join lateral (select s.steps, s.h % s.steps as f, s.at,
          case when s.h < ${OUTCOMES.completed}::int then s.steps else s.h % s.steps + 1 end
            * interval '20 seconds' as took,
          case when s.h < ${OUTCOMES.completed}::int then 'completed'
            when s.h < ${OUTCOMES.failed}::int then 'failed'
            when s.h < ${OUTCOMES.expired}::int then 'expired'
            else 'cancelled' end as state) o
      where r.id = ${runId}::int
        and (d.n + ${k}::int * 97) % ${devices}::int < ${devicesPerRun}::int
      order by d.id`);
    // A task log per step the device went through: every step of a completed run, the steps up
    // to the one where it stopped otherwise.
    await db.execute(sql`
      insert into task_logs (group_log_id, run_id, device_id, step_index, task_id, action, name,
        data, status, attempt, message, output, created_at, finished_at)
      select g.id, g.run_id, g.device_id, s.ord - 1, (s.step->>'taskId')::int, s.step->>'action',
        s.step->>'name', s.step->'data', o.status, 1,
        case o.status when 'completed' then null else g.message end,
        case when o.status = 'completed' and s.step->>'action' = 'command'
          then 'system.@system[0].hostname=''RUT955''' || chr(10) || 'exit code 0' end,
        g.created_at + (s.ord - 1) * interval '20 seconds',
        g.created_at + s.ord * interval '20 seconds'
      from task_group_logs g join task_runs r on r.id = g.run_id
        cross join lateral jsonb_array_elements(r.steps) with ordinality as s(step, ord)
        cross join lateral (select case
          when g.state = 'completed' or s.ord - 1 < g.step_index then 'completed'
          else g.state end as status) o
      where g.run_id = ${runId}::int and (g.state = 'completed' or s.ord - 1 <= g.step_index)
      order by g.id, s.ord`);
    if ((k + 1) % 10 === 0) progress(`${k + 1} of ${runIds.length} runs inserted`);
  }
  // PGlite runs no autovacuum, so its tables stay as inserted (statistics aside); PostgreSQL's
  // autovacuum would soon vacuum a million new rows, so that is done now rather than mid-run.
  // companies too, as the server's maintenance does at start (a small table autovacuum skips).
  await db.execute(
    pgliteOf(db)
      ? sql`analyze companies, task_runs, task_group_logs, task_logs`
      : sql`vacuum analyze companies, task_runs, task_group_logs, task_logs`,
  );
  const [counts] = rowsOf<{ group_logs: number; task_logs: number }>(
    await db.execute(sql`
      select (select cast(count(*) as integer) from task_group_logs) as group_logs,
        (select cast(count(*) as integer) from task_logs) as task_logs`),
  );
  return {
    runs: runIds.length,
    devicesPerRun,
    groupLogs: counts?.group_logs ?? 0,
    taskLogs: counts?.task_logs ?? 0,
  };
};
