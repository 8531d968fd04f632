import type { FileType } from '@netfleet/contracts';
import type { TableQuery } from '@/components/data-table';

export const FILES_PATH = '/files';
/** The RMS file type of firmware every company sees. */
export const GLOBAL_FIRMWARE_TYPE: FileType = 'global_firmware';

export const globalFirmwareKeys = {
  all: ['global-firmware'] as const,
  list: (query: TableQuery) => [...globalFirmwareKeys.all, 'list', query] as const,
};
