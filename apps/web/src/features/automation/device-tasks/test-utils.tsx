// Test-only: the task manager's route harness (src/test/render-route) and its fixtures.
import type {
  Task,
  TaskGroup,
  TaskGroupDetail,
  TaskGroupLog,
  TaskLog,
  TaskRun,
  TaskRunCounts,
} from '@netfleet/contracts';

export { currentLocation, dialog, lastBody, listOk, renderWithSession } from '@/test/render-route';

export const TASK_MANAGER_URL = '/management/task-manager';

export function counts(overrides: Partial<TaskRunCounts> = {}): TaskRunCounts {
  const base = { pending: 0, running: 0, completed: 0, failed: 0, expired: 0, cancelled: 0 };
  const merged = { ...base, ...overrides };
  const total = Object.values(merged).reduce((sum, value) => sum + value, 0);
  return { total, ...merged };
}

export function taskRun(overrides: Partial<TaskRun> = {}): TaskRun {
  return {
    id: 12,
    group_id: 4,
    group_name: 'Nightly check',
    company_id: 3,
    user_id: 7,
    status: 'running',
    targets: { device_id: [42, 43], tag_id: [], company_id: [] },
    start_at: '2026-11-20 12:00:00',
    valid_until: '2026-11-21 12:00:00',
    recurrence: null,
    series_id: null,
    channel: 'task-run-12',
    message: null,
    counts: counts({ completed: 1, running: 1 }),
    created_at: '2026-11-20 11:59:00',
    finished_at: null,
    ...overrides,
  };
}

export function task(overrides: Partial<Task> = {}): Task {
  return {
    id: 21,
    group_id: 4,
    group_name: 'Nightly check',
    company_id: 3,
    order: 0,
    type: 'command',
    action: 'command',
    name: 'Uptime',
    data: { command: 'uptime', acceptable_codes: [0] },
    timeout: 60,
    stop_on_failure: true,
    retries: 0,
    created_at: '2026-11-01 10:00:00',
    updated_at: '2026-11-01 10:00:00',
    ...overrides,
  };
}

export function taskGroup(overrides: Partial<TaskGroup> = {}): TaskGroup {
  return {
    id: 4,
    name: 'Nightly check',
    company_id: 3,
    company_name: 'Acme',
    success_tag_id: [],
    failed_tag_id: [],
    task_count: 2,
    last_run: taskRun(),
    created_at: '2026-11-01 10:00:00',
    updated_at: '2026-11-01 10:00:00',
    ...overrides,
  };
}

export function taskGroupDetail(overrides: Partial<TaskGroupDetail> = {}): TaskGroupDetail {
  return {
    ...taskGroup(),
    tasks: [
      task(),
      task({ id: 22, order: 1, name: 'Reboot', action: 'reboot', data: {}, timeout: 120 }),
    ],
    ...overrides,
  };
}

export function groupLog(overrides: Partial<TaskGroupLog> = {}): TaskGroupLog {
  return {
    id: 31,
    device_id: 42,
    device_name: 'Depot router',
    name: 'Nightly check',
    status: 'completed',
    state: 'completed',
    run_id: 12,
    group_id: 4,
    steps_done: 2,
    steps_total: 2,
    message: null,
    created_at: '2026-11-20 12:00:00',
    updated_at: '2026-11-20 12:01:30',
    finished_at: '2026-11-20 12:01:30',
    ...overrides,
  };
}

export function taskLog(overrides: Partial<TaskLog> = {}): TaskLog {
  return {
    id: 51,
    group_log_id: 32,
    group_log_name: 'Nightly check',
    type: 'command',
    action: 'command',
    name: 'Uptime',
    order: 0,
    data: { command: 'uptime' },
    result: { status: 'completed', message: 'Exit code 0', output: 'up 3 days, load 0.10' },
    status: 'completed',
    message: 'Exit code 0',
    output: 'up 3 days, load 0.10',
    attempt: 1,
    device_id: 43,
    job_id: 90,
    created_at: '2026-11-20 12:00:05',
    finished_at: '2026-11-20 12:00:07',
    ...overrides,
  };
}
