// The task manager has one route; a group's runs and a run's detail are views of it, named by a
// query parameter so they can be linked and go back and forth with the browser.
export const TASK_MANAGER_ROUTE = '/management/task-manager';
export const GROUP_PARAM = 'group';
export const RUN_PARAM = 'run';

export const groupRunsSearch = (groupId: number): string => `?${GROUP_PARAM}=${groupId}`;
export const runSearch = (runId: number): string => `?${RUN_PARAM}=${runId}`;

const ID_PATTERN = /^[1-9]\d{0,9}$/;

/** A view's id from the URL; undefined when absent or not an id. */
export const readId = (value: string | null): number | undefined =>
  value !== null && ID_PATTERN.test(value) ? Number(value) : undefined;
