import type { FileType } from '@netfleet/contracts';
import type { TableQuery } from '@/components/data-table';

export const FILES_PATH = '/files';
export const DEVICES_PATH = '/devices';
export const UPDATES_PATH = '/devices/updates';

export const deviceUpdatesKeys = {
  all: ['device-updates'] as const,
  fileList: (types: readonly FileType[], query: TableQuery) =>
    [...deviceUpdatesKeys.all, 'files', types, query] as const,
  pendingAll: () => [...deviceUpdatesKeys.all, 'pending'] as const,
  pending: (jobType: number, query: TableQuery) =>
    [...deviceUpdatesKeys.pendingAll(), jobType, query] as const,
  comparison: (older: number, newer: number) =>
    [...deviceUpdatesKeys.all, 'comparison', older, newer] as const,
  devices: (search: string) => [...deviceUpdatesKeys.all, 'devices', search] as const,
};
