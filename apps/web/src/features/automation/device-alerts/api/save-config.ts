import type { AlertConfigAddBody, AlertConfigUpdate } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { configPath, DEVICE_CONFIGS_PATH } from './keys';

/** POST /devices/alerts-configurations: each device gets its whole set; answers a channel. */
export const addConfigs = (body: AlertConfigAddBody) =>
  api.post<unknown>(DEVICE_CONFIGS_PATH, { body });

/** PUT /alerts-configurations/{id}: the device gets its set again; answers a channel. */
export const updateConfig = (id: number, body: AlertConfigUpdate) =>
  api.put<unknown>(configPath(id), { body });
