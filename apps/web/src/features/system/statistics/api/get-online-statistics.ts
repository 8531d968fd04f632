import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OnlineStatistics } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { statisticsKeys } from './keys';

export function useOnlineStatistics(query: { start_date: string; end_date: string }) {
  return useQuery({
    queryKey: statisticsKeys.online(query),
    // The chart reads netfleet's five-minute `samples`, beside RMS's period and company counts.
    queryFn: async ({ signal }) =>
      (
        await api.get<OnlineStatistics>('/statistics/devices/online', {
          query: { ...query },
          signal,
        })
      ).data.samples,
    placeholderData: keepPreviousData,
  });
}
