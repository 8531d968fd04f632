import type { TableQuery } from '@/components/data-table';

export const TEMPLATES_PATH = '/devices/configurator/templates';
export const ACTIONS_PATH = '/devices/configurator/actions';
export const DEVICES_PATH = '/devices';

export const deviceConfigurationKeys = {
  all: ['device-configuration'] as const,
  templateList: (query: TableQuery) =>
    [...deviceConfigurationKeys.all, 'templates', 'list', query] as const,
  template: (id: number) => [...deviceConfigurationKeys.all, 'templates', 'detail', id] as const,
  actionList: (query: TableQuery) =>
    [...deviceConfigurationKeys.all, 'actions', 'list', query] as const,
  /** The action and everything read about it (its devices). */
  action: (name: string) => [...deviceConfigurationKeys.all, 'actions', 'detail', name] as const,
  actionDevices: (name: string, query: TableQuery, live: boolean) =>
    [...deviceConfigurationKeys.action(name), 'devices', query, live] as const,
  devices: (search: string) => [...deviceConfigurationKeys.all, 'devices', search] as const,
  devicesById: (ids: readonly number[]) =>
    [...deviceConfigurationKeys.all, 'devices', 'by-id', ids] as const,
  templateSearch: (search: string) =>
    [...deviceConfigurationKeys.all, 'templates', 'search', search] as const,
};
