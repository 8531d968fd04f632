import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MonthStatistic } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { statisticsKeys } from './keys';

export interface PeriodQuery {
  start_date: string;
  end_date: string;
  timezone: string;
}

export function useMonthStatistics(query: PeriodQuery) {
  return useQuery({
    queryKey: statisticsKeys.months(query),
    queryFn: async ({ signal }) =>
      (
        await api.get<MonthStatistic[]>('/statistics/devices/months', {
          query: { ...query },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}
