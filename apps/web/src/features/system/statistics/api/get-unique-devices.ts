import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { StatisticsInterval, UniqueDevicesSample } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import type { PeriodQuery } from './get-month-statistics';
import { statisticsKeys } from './keys';

export function useUniqueDevices(query: PeriodQuery & { interval: StatisticsInterval }) {
  return useQuery({
    queryKey: statisticsKeys.unique(query),
    queryFn: async ({ signal }) =>
      (
        await api.get<UniqueDevicesSample[]>('/statistics/devices/unique', {
          query: { ...query },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}
