import type { AuthDeviceStatus } from '@netfleet/contracts';
import type { TableQuery } from '@/components/data-table';

export const AUTH_DEVICES_PATH = '/devices/authorized';

export const authDevicesKeys = {
  all: ['auth-devices'] as const,
  list: (status: AuthDeviceStatus, query: TableQuery) =>
    [...authDevicesKeys.all, 'list', status, query] as const,
};
