import { useQuery } from '@tanstack/react-query';
import type { DeviceStatistics } from './types';
import { api } from '@/lib/api-client';
import { statisticsKeys } from './keys';

/** Device counts per value of every chart (GET /devices/statistics without filters). */
export function useDeviceStatistics() {
  return useQuery({
    queryKey: statisticsKeys.devices(),
    queryFn: async ({ signal }) =>
      (await api.get<DeviceStatistics>('/devices/statistics', { signal })).data,
  });
}
