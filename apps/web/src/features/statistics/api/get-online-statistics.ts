import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OnlineSample } from './types';
import { api } from '@/lib/api-client';
import { statisticsKeys } from './keys';

export function useOnlineStatistics(query: { start_date: string; end_date: string }) {
  return useQuery({
    queryKey: statisticsKeys.online(query),
    queryFn: async ({ signal }) =>
      (await api.get<OnlineSample[]>('/statistics/devices/online', { query: { ...query }, signal }))
        .data,
    placeholderData: keepPreviousData,
  });
}
