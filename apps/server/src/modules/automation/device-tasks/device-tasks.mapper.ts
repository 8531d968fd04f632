import {
  rmsGroupLogStatus,
  TASK_ACTION_TYPES,
  type Task,
  type TaskGroup,
  type TaskGroupLog,
  type TaskLog,
  type TaskRun,
  type TaskRunCounts,
} from '@netfleet/contracts';
import { toApiDate, toApiDateOrNull } from '@/lib/dates';
import type { TaskGroupRow, TaskGroupsRepository } from './task-groups.repository';
import type { TaskLogsRepository } from './task-logs.repository';
import type { TaskRunRow } from './task-runs.repository';

type TaskRow = Awaited<ReturnType<TaskGroupsRepository['tasksOf']>>[number];
type GroupLogRow = Awaited<ReturnType<TaskLogsRepository['listGroupLogs']>>['rows'][number];
type TaskLogRow = Awaited<ReturnType<TaskLogsRepository['listTaskLogs']>>['rows'][number];

export const toTask = (row: TaskRow): Task => ({
  id: row.id,
  group_id: row.groupId,
  group_name: row.groupName,
  company_id: row.companyId,
  order: row.order,
  type: TASK_ACTION_TYPES[row.action],
  action: row.action,
  name: row.name,
  data: row.data,
  timeout: row.timeout,
  stop_on_failure: row.stopOnFailure,
  retries: row.retries,
  created_at: toApiDate(row.createdAt),
  updated_at: toApiDate(row.updatedAt),
});

export const toTaskRun = (row: TaskRunRow, counts: TaskRunCounts): TaskRun => ({
  id: row.id,
  group_id: row.groupId,
  group_name: row.groupName,
  company_id: row.companyId,
  user_id: row.userId,
  status: row.status,
  targets: {
    device_id: row.targets.deviceIds,
    tag_id: row.targets.tagIds,
    company_id: row.targets.companyIds,
  },
  start_at: toApiDate(row.startAt),
  valid_until: toApiDate(row.validUntil),
  recurrence: row.recurrence,
  series_id: row.seriesId,
  channel: row.channel,
  message: row.message,
  counts,
  created_at: toApiDate(row.createdAt),
  finished_at: toApiDateOrNull(row.finishedAt),
});

export const toTaskGroup = (
  row: TaskGroupRow,
  taskCount: number,
  lastRun: TaskRun | null,
): TaskGroup => ({
  id: row.id,
  name: row.name,
  company_id: row.companyId,
  company_name: row.companyName,
  success_tag_id: row.successTagIds,
  failed_tag_id: row.failedTagIds,
  task_count: taskCount,
  last_run: lastRun,
  created_at: toApiDate(row.createdAt),
  updated_at: toApiDate(row.updatedAt),
});

export const toGroupLog = (row: GroupLogRow): TaskGroupLog => ({
  id: row.id,
  device_id: row.deviceId,
  device_name: row.deviceName,
  name: row.name,
  status: rmsGroupLogStatus(row.state),
  state: row.state,
  run_id: row.runId,
  group_id: row.groupId,
  steps_done: row.stepsDone,
  steps_total: row.stepsTotal,
  message: row.message,
  created_at: toApiDate(row.createdAt),
  updated_at: toApiDate(row.updatedAt),
  finished_at: toApiDateOrNull(row.finishedAt),
});

export const toTaskLog = (row: TaskLogRow): TaskLog => ({
  id: row.id,
  group_log_id: row.groupLogId,
  group_log_name: row.groupLogName,
  type: TASK_ACTION_TYPES[row.action],
  action: row.action,
  name: row.name,
  order: row.order,
  data: row.data,
  result: { status: row.status, message: row.message, output: row.output },
  status: row.status,
  message: row.message,
  output: row.output,
  attempt: row.attempt,
  device_id: row.deviceId,
  job_id: row.jobId,
  created_at: toApiDate(row.createdAt),
  finished_at: toApiDateOrNull(row.finishedAt),
});
