import type { ExecuteTaskGroupBody } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { TASK_GROUPS_PATH } from './keys';

/** Starts (or schedules) a run of the group; the answer's meta names the run (`run_id`). */
export const executeTaskGroup = (groupId: number, body: ExecuteTaskGroupBody) =>
  api.post<unknown>(`${TASK_GROUPS_PATH}/${groupId}`, { body });
