import type { TableQuery } from '@/components/data-table';

export const CONFIGS_PATH = '/data-collect/configs';
export const ASSIGNED_PATH = `${CONFIGS_PATH}/assigned`;
export const ASSIGN_PATH = `${CONFIGS_PATH}/assign`;
export const LOGS_PATH = `${CONFIGS_PATH}/logs`;
export const GRAPH_PATH = '/data-collect/data/graph';
export const DEVICES_PATH = '/devices';
export const DOCUMENTATIONS_PATH = '/device-documentations';

export const unassignPath = (configId: number) => `${CONFIGS_PATH}/${configId}/unassign`;
export const customDataPath = (deviceId: number) => `${DEVICES_PATH}/${deviceId}/custom-data`;

/** The last 24 hours a device's data is read for, as the API takes dates. */
export interface DateRange {
  start_date: string;
  end_date: string;
}

export const dataCollectionKeys = {
  all: ['data-collection'] as const,
  list: (query: TableQuery) => [...dataCollectionKeys.all, 'configs', 'list', query] as const,
  detail: (id: number) => [...dataCollectionKeys.all, 'configs', 'detail', id] as const,
  assigned: (configId: number, query: TableQuery) =>
    [...dataCollectionKeys.all, 'assigned', configId, query] as const,
  assignedPicker: (configId: number) =>
    [...dataCollectionKeys.all, 'assigned', configId, 'picker'] as const,
  logs: (configId: number, query: TableQuery) =>
    [...dataCollectionKeys.all, 'logs', configId, query] as const,
  graph: (field: string) => [...dataCollectionKeys.all, 'graph', field] as const,
  customData: (deviceId: number, configId: number, range: DateRange, query: TableQuery) =>
    [...dataCollectionKeys.all, 'custom-data', deviceId, configId, range, query] as const,
  devices: (search: string) => [...dataCollectionKeys.all, 'devices', search] as const,
  /** Every documentation query: an upload (which may replace one) invalidates them all. */
  documentations: ['data-collection', 'documentations'] as const,
  documentationList: (system: string | null) =>
    [...dataCollectionKeys.documentations, 'list', system] as const,
  documentationEndpoints: (id: number) =>
    [...dataCollectionKeys.documentations, 'endpoints', id] as const,
};
