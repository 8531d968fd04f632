import { DEVICE_TASK_MESSAGES, type StatusUpdate, TASK_RUN_MAX_DEVICES } from '@netfleet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '@/db/client';
import { runInBackground } from '@/lib/foreground';
import type { DeviceJobsRepository } from '@/modules/fleet/device-jobs/device-jobs.repository';
import type { NewJob } from '@/modules/fleet/device-jobs/job-dispatch.repository';
import type { DeviceJobsService, StoredJob } from '@/modules/fleet/device-jobs/device-jobs.service';
import { resultForClients } from '@/modules/fleet/device-jobs/job-secrets';
import type { Periods } from '@/modules/fleet/monitoring/device-monitoring.repository';
import type { MonitoringSteps } from '@/modules/fleet/monitoring/monitoring-steps';
import type { PasswordSteps } from '@/modules/automation/device-passwords/password-steps';
import type { StatusService } from '@/modules/system/status/status.service';
import { nextOccurrence } from './recurrence';
import type {
  ClaimedRun,
  DueGroupLog,
  GroupLogMove,
  NewTaskLog,
  RunOfStep,
} from './task-engine.types';
import type { TaskEngineRepository } from './task-engine.repository';
import { afterStep, jobOfStep, newLog, type StepLinks } from './task-steps';

/** Most group logs one statement starts or advances. */
const BATCH = 1000;
/**
 * Jobs stored are sent this many at a time: a run's devices acknowledge at once, and that storm
 * slowed the storing of the rest of the run more than sending later delays the first devices.
 */
const SEND_BATCH = 10_000;
const MONITORING_UPDATED = DEVICE_TASK_MESSAGES.monitoringUpdated;
/** How often the engine looks for due runs, retries and steps whose job ended. */
const TICK_MS = 1000;

interface Deps {
  db: Pick<Database, 'transaction'>;
  engine: TaskEngineRepository;
  jobsRepository: Pick<DeviceJobsRepository, 'insert'>;
  jobs: Pick<DeviceJobsService, 'dispatch'>;
  status: Pick<StatusService, 'publishMany' | 'open'>;
  links: StepLinks;
  monitoring: Pick<MonitoringSteps, 'apply' | 'push'>;
  passwords: Pick<PasswordSteps, 'generate' | 'record'>;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Hears the devices whose run ended (after commit; automations follow failed ones). */
  onEnded?: ((ended: readonly TaskEnded[]) => void) | undefined;
}

/** A device's run that ended: completed, failed, timeout… */
export interface TaskEnded {
  runId: number;
  deviceId: number;
  state: string;
  message: string | null;
}

interface Finished extends TaskEnded {
  /** The run's status channel, known from the batch that moved the device. */
  channel: string | null;
}

const groupBy = <T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> => {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
};

const updateOf = ({ state, message }: Finished): StatusUpdate =>
  state === 'completed'
    ? { status: 'completed', value: message ?? 'All tasks completed' }
    : { status: 'error', value: message ?? `Task group ${state}`, errorcode: state.toUpperCase() };

/**
 * Runs task groups on devices. All state lives in the database: a run is claimed when its start
 * comes, each device's steps become device jobs one after another, and a step moves on only
 * through a guarded update, so a restart (or a second instance) resumes where the rows say and
 * never runs a step twice. A tick handles what is due; device job moves poke it for promptness.
 */
export const createTaskEngine = (deps: Deps) => {
  const { db, engine, now, log } = deps;

  /** Stores the step jobs of group logs claimed together; returns the jobs to send. */
  const startSteps = async (due: readonly DueGroupLog[], tx: Executor) => {
    const at = now();
    const runs = new Map(
      (await engine.runsOf([...new Set(due.map((g) => g.runId))], tx)).map((r) => [r.id, r]),
    );
    const taskLogs: NewTaskLog[] = [];
    const moves: GroupLogMove[] = [];
    const stored: StoredJob[] = [];
    const pushes: { deviceId: number; periods: Periods }[] = [];
    const byRun = groupBy(due, (g) => g.runId);
    for (const [runId, logs] of byRun) {
      const run = runs.get(runId);
      if (!run) continue;
      const toSend: { log: DueGroupLog; job: NewJob; password?: string }[] = [];
      for (const log of logs) {
        const step = run.steps[log.stepIndex];
        const expired = at >= run.validUntil;
        const job =
          step && !expired
            ? jobOfStep(
                step,
                { id: log.deviceId, model: log.model, firmware: log.firmware },
                run.validUntil,
                deps.links,
              )
            : null;
        if (job?.kind === 'job') {
          toSend.push({
            log,
            job: {
              deviceId: log.deviceId,
              userId: run.userId,
              channel: run.channel,
              type: job.type,
              args: job.args,
              expiresAt: run.validUntil,
            },
          });
          continue;
        }
        if (job?.kind === 'password') {
          const password = deps.passwords.generate(job.length, job.special);
          toSend.push({
            log,
            password,
            job: {
              deviceId: log.deviceId,
              userId: run.userId,
              channel: run.channel,
              type: 'set_password',
              args: { password },
              expiresAt: run.validUntil,
            },
          });
          continue;
        }
        if (job?.kind === 'monitoring' && step) {
          // Done here, in the step's own transaction: nothing waits for the device.
          const periods = await deps.monitoring.apply(log.deviceId, job.periods, tx);
          pushes.push({ deviceId: log.deviceId, periods });
          const next = afterStep(log, run.steps, 'completed', MONITORING_UPDATED, {
            now: at,
            validUntil: run.validUntil,
          });
          moves.push(next.move);
          taskLogs.push(newLog(log, run, next.status, null, next.message, at));
          continue;
        }
        const end = expired || !step ? 'timeout' : 'failed';
        const message = job?.kind === 'unsupported' ? job.message : null;
        const next = afterStep(log, run.steps, end, message, {
          now: at,
          validUntil: run.validUntil,
        });
        moves.push(next.move);
        if (step) taskLogs.push(newLog(log, run, next.status, null, next.message, at));
      }
      const inserted = await deps.jobsRepository.insert(
        toSend.map((s) => s.job),
        tx,
      );
      const jobOf = new Map(inserted.map((j) => [j.deviceId, j.id]));
      for (const { log, job, password } of toSend) {
        const jobId = jobOf.get(log.deviceId);
        if (jobId === undefined) continue;
        if (password !== undefined) {
          const owner = { runId: run.id, stepIndex: log.stepIndex, companyId: run.companyId };
          await deps.passwords.record(
            { ...owner, userId: run.userId, channel: run.channel },
            log.deviceId,
            jobId,
            password,
            tx,
          );
        }
        taskLogs.push(newLog(log, run, 'running', jobId, null, null));
        stored.push({
          ...job,
          id: jobId,
          channel: run.channel,
          type: job.type as StoredJob['type'],
        });
      }
    }
    await engine.insertTaskLogs(taskLogs, tx);
    const finished = await finish(moves, runs, tx);
    return { stored, finished, pushes, claimed: due.length };
  };

  /** Applies group log moves; those that ended get their run's tags. */
  const finish = async (moves: GroupLogMove[], runs: Map<number, RunOfStep>, tx: Executor) => {
    const ended = await engine.moveGroupLogs(moves, now(), tx);
    const messageOf = new Map(moves.map((m) => [m.id, m.message]));
    await engine.tagDevices(
      ended.flatMap(({ runId, deviceId, state }) => {
        const run = runs.get(runId);
        const tagIds = state === 'completed' ? run?.successTagIds : run?.failedTagIds;
        return (tagIds ?? []).map((tagId) => ({ deviceId, tagId }));
      }),
      tx,
    );
    return ended.map((g) => ({
      ...g,
      message: messageOf.get(g.id) ?? null,
      channel: runs.get(g.runId)?.channel ?? null,
    }));
  };

  /** Steps whose job ended: logged, then the next step, a retry, or the end of the device's run. */
  const advance = async (tx: Executor) => {
    const at = now();
    const done = await engine.claimFinished(BATCH, tx);
    const runs = new Map(
      (await engine.runsOf([...new Set(done.map((s) => s.runId))], tx)).map((r) => [r.id, r]),
    );
    const results = [];
    const moves: GroupLogMove[] = [];
    for (const step of done) {
      const run = runs.get(step.runId);
      if (!run) continue;
      // Task logs are read by users: a configuration answer shows its secrets masked.
      const output = resultForClients(step.jobType, step.result);
      const message = step.message ?? (step.jobStatus === 'completed' ? null : output);
      const next = afterStep({ ...step, id: step.groupLogId }, run.steps, step.jobStatus, message, {
        now: at,
        validUntil: run.validUntil,
      });
      results.push({
        id: step.id,
        status: next.status,
        message: next.message,
        output,
      });
      moves.push(next.move);
    }
    await engine.finishSteps(results, at, tx);
    return { count: done.length, finished: await finish(moves, runs, tx) };
  };

  /** Tells the end listener, then each run's status channel. */
  const publish = async (finished: readonly Finished[]) => {
    try {
      deps.onEnded?.(finished);
    } catch (error) {
      log.error({ err: error }, 'task end listener failed');
    }
    for (const [channel, items] of groupBy(finished, (f) => f.channel)) {
      if (!channel) continue;
      await deps.status.publishMany(
        channel,
        items.map((item) => ({ item: String(item.deviceId), update: updateOf(item) })),
      );
    }
  };

  /**
   * Starts due runs: their devices are resolved now. A recurring run schedules its successor in
   * the same transaction, so a schedule never loses or doubles a run. A successor gets its status
   * channel when it starts (channels expire; and PGlite runs one transaction at a time, so nothing
   * else may touch the database inside this one).
   */
  const launchDueRuns = async () => {
    const launched = await db.transaction(async (tx) => {
      const claimed = await engine.claimDueRuns(now(), 10, tx);
      for (const run of claimed) {
        const reached = await engine.insertGroupLogs(run, TASK_RUN_MAX_DEVICES, tx);
        if (reached === 0) await engine.endRun(run.id, DEVICE_TASK_MESSAGES.noDevices, now(), tx);
        if (run.recurrence) await scheduleNext(run, tx);
      }
      return claimed;
    });
    for (const run of launched) {
      if (run.channel === null && run.userId !== null) {
        await engine.setChannel(run.id, await deps.status.open(run.userId));
      }
    }
  };

  const scheduleNext = async (run: ClaimedRun, tx: Executor) => {
    if (!run.recurrence) return;
    const after = new Date(Math.max(now().getTime(), run.startAt.getTime()) + 60_000);
    const startAt = nextOccurrence(run.recurrence, after);
    if (!startAt) return;
    const windowMs = run.validUntil.getTime() - run.startAt.getTime();
    await engine.scheduleNext(
      run.id,
      { startAt, validUntil: new Date(startAt.getTime() + windowMs) },
      tx,
    );
  };

  /**
   * One pass over what the database says is due: runs to start, steps to send (stored batch by
   * batch, sent together), steps whose job ended. Behind a storm of device messages each
   * statement waits its turn at the embedded database, so the phases with nothing to do are
   * skipped, and the devices' status updates of the whole pass (a publish is three statements)
   * go out together at its end.
   */
  const tick = async () => {
    const work = await engine.pendingWork(now());
    const finished: Finished[] = [];
    // What committed is sent and reported even when a later statement of the pass fails.
    try {
      if (work.due) await launchDueRuns();
      if (work.due || work.pending) await startPending(finished);
      if (work.finished) {
        for (;;) {
          const advanced = await db.transaction((tx) => advance(tx));
          finished.push(...advanced.finished);
          if (advanced.count < BATCH) break;
        }
      }
    } finally {
      if (finished.length) await publish(finished);
    }
    if (work.active || work.due) await engine.completeFinishedRuns(now());
  };

  /** Stores the due steps' jobs batch by batch and sends them; devices that ended go in `finished`. */
  const startPending = async (finished: Finished[]) => {
    let toSend: StoredJob[] = [];
    const send = async () => {
      const jobs = toSend;
      toSend = [];
      const queued = await engine.stillQueued(jobs.map((job) => job.id));
      const due = jobs.filter((job) => queued.has(job.id));
      if (due.length) await deps.jobs.dispatch(due);
    };
    try {
      for (;;) {
        const started = await db.transaction((tx) =>
          engine.claimPending(now(), BATCH, tx).then((due) => startSteps(due, tx)),
        );
        toSend.push(...started.stored);
        finished.push(...started.finished);
        for (const { deviceId, periods } of started.pushes) {
          await deps.monitoring.push(deviceId, periods);
        }
        if (toSend.length >= SEND_BATCH) await send();
        if (started.claimed < BATCH) return;
      }
    } finally {
      if (toSend.length) await send();
    }
  };

  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  /** Runs a tick now, or right after the one under way. */
  const poke = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = runInBackground(tick)
      .catch((error: unknown) => log.error({ err: error }, 'task engine tick failed'))
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          void poke();
        }
      });
    return running;
  };

  return {
    poke,
    start() {
      stopped = false;
      timer = setInterval(() => void poke(), TICK_MS);
      timer.unref();
      void poke();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
};

export type TaskEngine = ReturnType<typeof createTaskEngine>;
