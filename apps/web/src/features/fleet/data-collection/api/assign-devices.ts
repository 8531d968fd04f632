import type { DataCollectAssignBody } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { ASSIGN_PATH } from './keys';

/** Devices get a `collect_config` job; the answer's meta names its status channel. */
export const assignDevices = (body: DataCollectAssignBody) =>
  api.put<unknown>(ASSIGN_PATH, { body });
