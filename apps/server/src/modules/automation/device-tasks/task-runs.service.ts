import {
  actionOfTask,
  type CancelTaskRunBody,
  DEVICE_TASK_MESSAGES,
  type ExecuteTaskGroupBody,
  firmwareFits,
  parseApiDate,
  TASK_RUN_DEFAULT_VALIDITY_SECONDS,
  TASK_RUN_MAX_VALIDITY_SECONDS,
  type TaskData,
  type TaskGroupLogListQuery,
  type TaskLogListQuery,
  type TaskRunListQuery,
  type TaskRunState,
} from '@netfleet/contracts';
import type { RunStep } from '@/db/schema';
import { conflict, invalid, notFound } from '@/lib/api-error';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import type { StatusService } from '@/modules/system/status/status.service';
import { toGroupLog, toTaskLog, toTaskRun } from './device-tasks.mapper';
import type { TaskGroupsRepository } from './task-groups.repository';
import { templatePeriods } from '@/modules/fleet/monitoring/device-monitoring.service';
import { FILE_KINDS } from './task-steps';
import { nextOccurrence, shortestGap } from './recurrence';
import type { TaskLogsRepository } from './task-logs.repository';
import { EMPTY_RUN_COUNTS, type TaskRunsRepository } from './task-runs.repository';
import type { TaskTargetsRepository } from './task-targets.repository';

/** A start this far in the past still counts as "now" (clocks and slow submits). */
const PAST_TOLERANCE_MS = 60_000;

/** `{{name}}` in a command or a path takes the variable's value; unknown names stay as written. */
const substitute = (data: TaskData, variables: ReadonlyMap<string, string>): TaskData => {
  const fill = (text: string | undefined) =>
    text?.replace(
      /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g,
      (whole, name: string) => variables.get(name) ?? whole,
    );
  return {
    ...data,
    ...(data.command !== undefined ? { command: fill(data.command) } : {}),
    ...(data.target_path !== undefined ? { target_path: fill(data.target_path) } : {}),
    ...(data.file !== undefined ? { file: fill(data.file) } : {}),
  };
};

const within = (path: string, scope: string) => path.startsWith(scope);

interface Deps {
  groups: TaskGroupsRepository;
  runs: TaskRunsRepository;
  logs: TaskLogsRepository;
  targets: TaskTargetsRepository;
  status: Pick<StatusService, 'open'>;
  /** Wakes the engine so a run due now starts at once. */
  poke: () => void;
  now: () => Date;
}

/** Runs of task groups: creating them (targets checked, steps frozen), watching and steering them. */
export const createTaskRunsService = ({ groups, runs, logs, targets, status, poke, now }: Deps) => {
  const requireRun = async (auth: AuthContext, id: number) => {
    const run = await runs.find(auth, id);
    if (!run) throw notFound(DEVICE_TASK_MESSAGES.runNotFound);
    return run;
  };

  /** Every named target must be one the caller sees inside the group's company subtree. */
  const checkTargets = async (auth: AuthContext, scope: string, body: ExecuteTaskGroupBody) => {
    const checks = [
      ['device_id', body.device_id, targets.devices, DEVICE_TASK_MESSAGES.deviceNotFound],
      ['tag_id', body.tag_id, targets.tags, DEVICE_TASK_MESSAGES.tagNotFound],
      ['company_id', body.company_id, targets.companies, DEVICE_TASK_MESSAGES.companyNotFound],
    ] as const;
    for (const [field, ids, find, message] of checks) {
      const found = new Set(
        (await find(auth, ids)).filter((row) => within(row.path, scope)).map((row) => row.id),
      );
      const missing = ids.findIndex((id) => !found.has(id));
      if (missing >= 0) throw invalid(message, `${field}.${missing}`);
    }
  };

  /**
   * When the (first) run starts and how long devices may take: a recurring run starts at its
   * first occurrence from start_at on, and its window must end before the next one begins.
   */
  /** A firmware step's file must fit every device named; devices found by tag are checked later. */
  const checkFirmwareModels = async (auth: AuthContext, deviceIds: number[], steps: RunStep[]) => {
    const fileModels = steps.flatMap((step) =>
      step.file?.device_model ? [step.file.device_model] : [],
    );
    if (fileModels.length === 0) return;
    const modelOf = new Map((await targets.devices(auth, deviceIds)).map((d) => [d.id, d.model]));
    deviceIds.forEach((id, index) => {
      const model = modelOf.get(id) ?? '';
      const misfit = fileModels.find((fileModel) => !firmwareFits(fileModel, model));
      if (misfit)
        throw invalid(DEVICE_TASK_MESSAGES.wrongModel(misfit, model), `device_id.${index}`);
    });
  };

  const windowOf = (body: ExecuteTaskGroupBody) => {
    const at = now();
    const asked = body.start_at ? new Date(parseApiDate(body.start_at)) : at;
    if (asked.getTime() < at.getTime() - PAST_TOLERANCE_MS) {
      throw invalid(DEVICE_TASK_MESSAGES.startInPast, 'start_at');
    }
    const from = asked < at ? at : asked;
    let startAt = from;
    let defaultWindow = TASK_RUN_DEFAULT_VALIDITY_SECONDS * 1000;
    if (body.recurrence) {
      const first = nextOccurrence(body.recurrence, from);
      if (!first) throw invalid(DEVICE_TASK_MESSAGES.noNextRun, 'recurrence.cron');
      startAt = first;
      defaultWindow = Math.min(defaultWindow, shortestGap(body.recurrence, first));
    }
    const windowMs = body.valid_until
      ? parseApiDate(body.valid_until) - asked.getTime()
      : defaultWindow;
    if (windowMs <= 0) throw invalid(DEVICE_TASK_MESSAGES.windowBeforeStart, 'valid_until');
    if (windowMs > TASK_RUN_MAX_VALIDITY_SECONDS * 1000) {
      throw invalid(DEVICE_TASK_MESSAGES.windowTooLong, 'valid_until');
    }
    if (body.recurrence && windowMs > shortestGap(body.recurrence, startAt)) {
      throw invalid(DEVICE_TASK_MESSAGES.recurrenceOverlap, 'valid_until');
    }
    return { startAt, validUntil: new Date(startAt.getTime() + windowMs) };
  };

  /** The group's tasks as the run will carry them: variables filled in, firmware files resolved. */
  const stepsOf = async (auth: AuthContext, groupId: number, body: ExecuteTaskGroupBody) => {
    const tasks = await groups.tasksOf(groupId);
    const ids = new Set(tasks.map((task) => task.id));
    const foreign = body.tasks.findIndex((entry) => !ids.has(entry.task_id));
    if (foreign >= 0)
      throw invalid(DEVICE_TASK_MESSAGES.taskNotInGroup, `tasks.${foreign}.task_id`);
    const variables = new Map(
      body.tasks.map((entry) => [
        entry.task_id,
        new Map(entry.variables.map((v) => [v.name, v.value])),
      ]),
    );
    const fileIds = tasks.flatMap((task) =>
      FILE_KINDS[task.action] && task.data.file_id ? [task.data.file_id] : [],
    );
    const files = new Map((await targets.files(auth, fileIds)).map((file) => [file.id, file]));
    const templateIds = tasks.flatMap((task) =>
      task.action === 'config_apply' && task.data.template_id ? [task.data.template_id] : [],
    );
    const templates = new Map(
      (await targets.templates(auth, templateIds)).map((template) => [template.id, template]),
    );
    const monitoringIds = tasks.flatMap((task) =>
      task.action === 'monitoring_change' && task.data.monitoring_template_id
        ? [task.data.monitoring_template_id]
        : [],
    );
    const monitoring = new Map(
      (await targets.monitoringTemplates(auth, monitoringIds)).map((row) => [row.id, row]),
    );
    return tasks.map((task, index): RunStep => {
      const step: RunStep = {
        taskId: task.id,
        action: actionOfTask(task),
        name: task.name,
        data: substitute(task.data, variables.get(task.id) ?? new Map()),
        timeout: task.timeout,
        stopOnFailure: task.stopOnFailure,
        retries: task.retries,
      };
      if (task.action === 'monitoring_change') {
        const id = task.data.monitoring_template_id;
        const template = id ? monitoring.get(id) : undefined;
        if (!template) {
          throw invalid(
            DEVICE_TASK_MESSAGES.monitoringTemplateNotFound,
            `tasks.${index}.data.monitoring_template_id`,
          );
        }
        const periods = templatePeriods(template.parameters);
        return { ...step, monitoring: { template_id: template.id, name: template.name, periods } };
      }
      if (task.action === 'config_apply') {
        const template = task.data.template_id ? templates.get(task.data.template_id) : undefined;
        if (!template) {
          throw invalid(DEVICE_TASK_MESSAGES.templateNotFound, `tasks.${index}.data.template_id`);
        }
        return { ...step, template };
      }
      const kind = FILE_KINDS[task.action];
      if (!kind) return step;
      const file = task.data.file_id ? files.get(task.data.file_id) : undefined;
      if (!file) throw invalid(DEVICE_TASK_MESSAGES.fileNotFound, `tasks.${index}.data.file_id`);
      if (!kind.types.includes(file.type))
        throw invalid(kind.message, `tasks.${index}.data.file_id`);
      const { type: _type, ...frozen } = file;
      return { ...step, file: frozen };
    });
  };

  const withCounts = async (rows: Awaited<ReturnType<TaskRunsRepository['list']>>['rows']) => {
    const counts = await runs.counts(rows.map((row) => row.id));
    return rows.map((row) => toTaskRun(row, counts.get(row.id) ?? EMPTY_RUN_COUNTS));
  };

  const move = async (
    auth: AuthContext,
    id: number,
    to: TaskRunState,
    from: TaskRunState[],
    refusal: string,
  ) => {
    await requireRun(auth, id);
    if (!(await runs.setStatus(id, to, from, now()))) throw conflict(refusal);
    poke();
  };

  const execute = async (auth: AuthContext, groupId: number, body: ExecuteTaskGroupBody) => {
    const group = await groups.find(auth, groupId);
    if (!group) throw notFound(DEVICE_TASK_MESSAGES.groupNotFound);
    await checkTargets(auth, group.companyPath, body);
    const { startAt, validUntil } = windowOf(body);
    if (body.recurrence && (await runs.hasActiveSeries(groupId))) {
      throw conflict(DEVICE_TASK_MESSAGES.seriesExists, 'recurrence');
    }
    const steps = await stepsOf(auth, groupId, body);
    await checkFirmwareModels(auth, body.device_id, steps);
    const channel = await status.open(auth.user.id);
    const runId = await runs.insert({
      groupId,
      groupName: group.name,
      companyId: group.companyId,
      userId: auth.user.id,
      targets: { deviceIds: body.device_id, tagIds: body.tag_id, companyIds: body.company_id },
      steps,
      successTagIds: group.successTagIds,
      failedTagIds: group.failedTagIds,
      channel,
      startAt,
      validUntil,
      recurrence: body.recurrence ?? null,
    });
    poke();
    return { channel, runId };
  };

  return {
    execute,

    /**
     * A run of the group on these devices, now, with the group's own variables and the default
     * window (an automation's TaskManagerAction, as its owner): the checks of `execute`.
     */
    executeFor: (auth: AuthContext, groupId: number, deviceIds: readonly number[]) =>
      execute(auth, groupId, { device_id: [...deviceIds], tag_id: [], company_id: [], tasks: [] }),

    async list(auth: AuthContext, query: TaskRunListQuery) {
      const { rows, total } = await runs.list(auth, query);
      return { data: await withCounts(rows), total };
    },

    async get(auth: AuthContext, id: number) {
      const [run] = await withCounts([await requireRun(auth, id)]);
      if (!run) throw notFound(DEVICE_TASK_MESSAGES.runNotFound);
      return run;
    },

    /** Cancels the run (or only `device_id` of it); devices already finished keep their result. */
    async cancel(auth: AuthContext, id: number, body: CancelTaskRunBody) {
      const run = await requireRun(auth, id);
      if (run.status === 'completed' || run.status === 'cancelled')
        throw conflict(DEVICE_TASK_MESSAGES.runFinished);
      const at = now();
      if (!body.device_id)
        await runs.setStatus(id, 'cancelled', ['scheduled', 'running', 'paused'], at);
      const cancelled = await runs.cancelDevices(id, body.device_id ?? null, at);
      poke();
      return cancelled;
    },

    pause: (auth: AuthContext, id: number) =>
      move(auth, id, 'paused', ['running', 'scheduled'], DEVICE_TASK_MESSAGES.notPausable),

    resume: async (auth: AuthContext, id: number) => {
      const run = await requireRun(auth, id);
      const to = run.startedAt ? 'running' : 'scheduled';
      await move(auth, id, to, ['paused'], DEVICE_TASK_MESSAGES.notPaused);
    },

    async groupLogs(auth: AuthContext, query: TaskGroupLogListQuery) {
      const { rows, total, estimated } = await logs.listGroupLogs(auth, query);
      return { data: rows.map(toGroupLog), total, estimated };
    },

    async groupLog(auth: AuthContext, id: number) {
      const row = await logs.findGroupLog(auth, id);
      if (!row) throw notFound(DEVICE_TASK_MESSAGES.groupLogNotFound);
      return toGroupLog(row);
    },

    async taskLogs(auth: AuthContext, query: TaskLogListQuery) {
      const { rows, total, estimated } = await logs.listTaskLogs(auth, query);
      return { data: rows.map(toTaskLog), total, estimated };
    },

    async taskLog(auth: AuthContext, id: number) {
      const row = await logs.findTaskLog(auth, id);
      if (!row) throw notFound(DEVICE_TASK_MESSAGES.taskLogNotFound);
      return toTaskLog(row);
    },
  };
};

export type TaskRunsService = ReturnType<typeof createTaskRunsService>;
