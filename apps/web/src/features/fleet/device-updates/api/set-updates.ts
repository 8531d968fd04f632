import type { UpdateAction } from '@netfleet/contracts';
import type { ActionStatusOptions } from '@/lib/action-status';
import { api } from '@/lib/api-client';
import { UPDATES_PATH } from './keys';

/** One device's job: `id` is the device. Restores carry no `keep_settings`. */
export interface UpdateItem {
  id: number;
  action: UpdateAction;
  file_id: number;
  offline: boolean;
  keep_settings?: boolean;
}

/**
 * POST /devices/updates/set: answers a status channel that the 'Action status' dialog follows
 * (its rows named by `actionStatus.itemLabels`); a 207 adds the devices left out, by id.
 */
export const setUpdates = (items: readonly UpdateItem[], actionStatus: ActionStatusOptions) =>
  api.post<unknown>(`${UPDATES_PATH}/set`, { body: { data: items }, actionStatus });
