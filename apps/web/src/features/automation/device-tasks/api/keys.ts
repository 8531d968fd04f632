import type { TaskRunState } from '@netfleet/contracts';
import type { TableQuery } from '@/components/data-table';
import type { Query } from '@/lib/api-client';

export const TASK_GROUPS_PATH = '/devices/tasks/groups';
export const TASK_RUNS_PATH = '/devices/tasks/runs';
export const GROUP_LOGS_PATH = '/devices/tasks/groups/logs';
export const TASK_LOGS_PATH = '/devices/tasks/logs';

export const deviceTasksKeys = {
  all: ['device-tasks'] as const,
  groupList: (query: TableQuery) => [...deviceTasksKeys.all, 'groups', 'list', query] as const,
  group: (id: number) => [...deviceTasksKeys.all, 'groups', 'detail', id] as const,
  runList: (groupId: number, query: TableQuery) =>
    [...deviceTasksKeys.all, 'runs', 'list', groupId, query] as const,
  run: (id: number) => [...deviceTasksKeys.all, 'runs', 'detail', id] as const,
  nextRun: (seriesId: number, status: TaskRunState) =>
    [...deviceTasksKeys.all, 'runs', 'next', seriesId, status] as const,
  groupLogs: (runId: number, query: TableQuery) =>
    [...deviceTasksKeys.all, 'group-logs', runId, query] as const,
  taskLogs: (groupLogId: number) => [...deviceTasksKeys.all, 'task-logs', groupLogId] as const,
  options: (endpoint: string, query: Query, search: string) =>
    [...deviceTasksKeys.all, 'options', endpoint, query, search] as const,
  optionsById: (endpoint: string, query: Query, ids: readonly string[]) =>
    [...deviceTasksKeys.all, 'options', endpoint, query, 'id', ids] as const,
};
