import {
  actionOfTask,
  type CreateTaskGroupBody,
  DEVICE_TASK_MESSAGES,
  type TaskGroupDetail,
  type TaskGroupListQuery,
  type TaskInput,
  type TaskListQuery,
  type UpdateTaskBody,
  type UpdateTaskGroupBody,
} from '@netfleet/contracts';
import { isUniqueViolation } from '@/db/errors';
import { conflict, invalid, notFound } from '@/lib/api-error';
import type { AuthContext } from '@/modules/identity/auth/auth.types';
import { toTask, toTaskGroup, toTaskRun } from './device-tasks.mapper';
import { FILE_KINDS } from './task-steps';
import type { TaskGroupsRepository, TaskValues } from './task-groups.repository';
import { EMPTY_RUN_COUNTS, type TaskRunsRepository } from './task-runs.repository';
import type { TaskTargetsRepository } from './task-targets.repository';

const toValues = (task: TaskInput, index: number): TaskValues => ({
  order: task.order ?? index,
  action: actionOfTask(task),
  name: task.name,
  data: task.data,
  timeout: task.timeout,
  stopOnFailure: task.stop_on_failure,
  retries: task.retries,
});

const duplicateAsConflict = async <T>(write: () => Promise<T>): Promise<T> => {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DEVICE_TASK_MESSAGES.duplicateName, 'name');
    throw error;
  }
};

interface Deps {
  groups: TaskGroupsRepository;
  runs: Pick<TaskRunsRepository, 'lastRuns' | 'counts' | 'hasOpenRun'>;
  targets: TaskTargetsRepository;
}

/** Task groups and their steps, in the companies the caller sees; others answer 404. */
export const createTaskGroupsService = ({ groups, runs, targets }: Deps) => {
  const requireGroup = async (auth: AuthContext, id: number) => {
    const group = await groups.find(auth, id);
    if (!group) throw notFound(DEVICE_TASK_MESSAGES.groupNotFound);
    return group;
  };

  /** Tags, firmware files and configuration templates the steps name must be ones the caller sees. */
  const checkReferences = async (
    auth: AuthContext,
    body: { success_tag_id?: number[]; failed_tag_id?: number[]; tasks?: TaskInput[] },
  ) => {
    for (const field of ['success_tag_id', 'failed_tag_id'] as const) {
      const ids = body[field] ?? [];
      const found = new Set((await targets.tags(auth, ids)).map((tag) => tag.id));
      const missing = ids.findIndex((id) => !found.has(id));
      if (missing >= 0) throw invalid(DEVICE_TASK_MESSAGES.tagNotFound, `${field}.${missing}`);
    }
    const steps = body.tasks ?? [];
    const fileIds = steps.flatMap((task) => (task.data.file_id ? [task.data.file_id] : []));
    const files = new Map((await targets.files(auth, fileIds)).map((file) => [file.id, file]));
    const templateIds = steps.flatMap((task) =>
      actionOfTask(task) === 'config_apply' && task.data.template_id ? [task.data.template_id] : [],
    );
    const monitoringIds = steps.flatMap((task) =>
      actionOfTask(task) === 'monitoring_change' && task.data.monitoring_template_id
        ? [task.data.monitoring_template_id]
        : [],
    );
    const monitoring = new Set(
      (await targets.monitoringTemplates(auth, monitoringIds)).map((row) => row.id),
    );
    monitoringIds.forEach((id) => {
      if (monitoring.has(id)) return;
      const index = steps.findIndex((task) => task.data.monitoring_template_id === id);
      throw invalid(
        DEVICE_TASK_MESSAGES.monitoringTemplateNotFound,
        `tasks.${index}.data.monitoring_template_id`,
      );
    });
    const templates = new Set((await targets.templates(auth, templateIds)).map((row) => row.id));
    templateIds.forEach((id) => {
      if (templates.has(id)) return;
      const index = steps.findIndex((task) => task.data.template_id === id);
      throw invalid(DEVICE_TASK_MESSAGES.templateNotFound, `tasks.${index}.data.template_id`);
    });
    steps.forEach((task, index) => {
      const action = actionOfTask(task);
      const kind = FILE_KINDS[action];
      if (!kind || !task.data.file_id) return;
      const file = files.get(task.data.file_id);
      if (!file) throw invalid(DEVICE_TASK_MESSAGES.fileNotFound, `tasks.${index}.data.file_id`);
      if (!kind.types.includes(file.type))
        throw invalid(kind.message, `tasks.${index}.data.file_id`);
    });
  };

  const lastRunsOf = async (groupIds: number[]) => {
    const last = await runs.lastRuns(groupIds);
    const counts = await runs.counts(last.map((run) => run.id));
    return new Map(
      last.map((run) => [run.groupId, toTaskRun(run, counts.get(run.id) ?? EMPTY_RUN_COUNTS)]),
    );
  };

  return {
    async list(auth: AuthContext, query: TaskGroupListQuery) {
      const { rows, total } = await groups.list(auth, query);
      const ids = rows.map((row) => row.id);
      const [stepCounts, lastRuns] = await Promise.all([groups.stepCounts(ids), lastRunsOf(ids)]);
      const data = rows.map((row) =>
        toTaskGroup(row, stepCounts.get(row.id) ?? 0, lastRuns.get(row.id) ?? null),
      );
      return { data, total };
    },

    async get(auth: AuthContext, id: number): Promise<TaskGroupDetail> {
      const group = await requireGroup(auth, id);
      const tasks = await groups.tasksOf(id);
      const lastRuns = await lastRunsOf([id]);
      return {
        ...toTaskGroup(group, tasks.length, lastRuns.get(id) ?? null),
        tasks: tasks.map(toTask),
      };
    },

    async create(auth: AuthContext, body: CreateTaskGroupBody) {
      const companyId = body.company_id ?? auth.company.id;
      const [company] = await targets.companies(auth, [companyId]);
      if (!company) throw invalid(DEVICE_TASK_MESSAGES.companyNotFound, 'company_id');
      await checkReferences(auth, body);
      return duplicateAsConflict(() =>
        groups.insert(
          {
            companyId,
            name: body.name,
            successTagIds: body.success_tag_id,
            failedTagIds: body.failed_tag_id,
            createdBy: auth.user.id,
          },
          body.tasks.map(toValues),
        ),
      );
    },

    async update(auth: AuthContext, id: number, body: UpdateTaskGroupBody) {
      await requireGroup(auth, id);
      await checkReferences(auth, body);
      await duplicateAsConflict(() =>
        groups.update(
          id,
          {
            ...(body.name !== undefined ? { name: body.name } : {}),
            ...(body.success_tag_id ? { successTagIds: body.success_tag_id } : {}),
            ...(body.failed_tag_id ? { failedTagIds: body.failed_tag_id } : {}),
          },
          body.tasks?.map(toValues),
        ),
      );
    },

    /** A group with a run not finished stays: its run would lose the group it reports as. */
    async remove(auth: AuthContext, id: number) {
      await requireGroup(auth, id);
      if (await runs.hasOpenRun(id)) throw conflict(DEVICE_TASK_MESSAGES.groupRunning);
      await groups.remove(id);
    },

    async listTasks(auth: AuthContext, query: TaskListQuery) {
      const { rows, total } = await groups.listTasks(auth, query);
      return { data: rows.map(toTask), total };
    },

    async updateTask(auth: AuthContext, id: number, body: UpdateTaskBody) {
      const task = await groups.findTask(auth, id);
      if (!task) throw notFound(DEVICE_TASK_MESSAGES.taskNotFound);
      await groups.updateTask(id, {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.order !== undefined ? { order: body.order } : {}),
        ...(body.stop_on_failure !== undefined ? { stopOnFailure: body.stop_on_failure } : {}),
        ...(body.timeout !== undefined ? { timeout: body.timeout } : {}),
        ...(body.retries !== undefined ? { retries: body.retries } : {}),
        ...(body.data !== undefined ? { data: body.data } : {}),
      });
    },

    async removeTask(auth: AuthContext, id: number) {
      const task = await groups.findTask(auth, id);
      if (!task) throw notFound(DEVICE_TASK_MESSAGES.taskNotFound);
      await groups.removeTask(id);
    },
  };
};

export type TaskGroupsService = ReturnType<typeof createTaskGroupsService>;
