import type { TableQuery } from '@/components/data-table';

export const AUTOMATIONS_PATH = '/automations';
export const ACTIVATE_PATH = `${AUTOMATIONS_PATH}/activate`;
export const PREVIEW_PATH = `${AUTOMATIONS_PATH}/preview`;
export const SILENCES_PATH = `${AUTOMATIONS_PATH}/silences`;

export const automationPath = (id: number) => `${AUTOMATIONS_PATH}/${id}`;
export const devicesPath = (id: number) => `${automationPath(id)}/devices`;
export const deviceActivationPath = (id: number) => `${devicesPath(id)}/activation`;
export const logsPath = (id: number) => `${automationPath(id)}/logs`;
export const logPath = (id: number, evaluationId: string) =>
  `${logsPath(id)}/${encodeURIComponent(evaluationId)}`;
export const silencePath = (id: number) => `${SILENCES_PATH}/${id}`;

export const automationsKeys = {
  all: ['automations'] as const,
  list: (query: TableQuery) => [...automationsKeys.all, 'list', query] as const,
  detail: (id: number) => [...automationsKeys.all, 'detail', id] as const,
  devices: (id: number, query: TableQuery) =>
    [...automationsKeys.all, 'devices', id, query] as const,
  logsOf: (id: number) => [...automationsKeys.all, 'logs', id] as const,
  logs: (id: number, query: TableQuery) => [...automationsKeys.logsOf(id), query] as const,
  log: (id: number, evaluationId: string) =>
    [...automationsKeys.all, 'log', id, evaluationId] as const,
  picker: (path: string, search: string) =>
    [...automationsKeys.all, 'picker', path, search] as const,
  /** Devices named by id (a saved silence's), to show their names in a picker. */
  devicesById: (ids: readonly number[]) => [...automationsKeys.all, 'devices-by-id', ids] as const,
  silences: ['automations', 'silences'] as const,
  silenceList: (query: TableQuery) => [...automationsKeys.silences, 'list', query] as const,
};
