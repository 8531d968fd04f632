import { useQuery } from '@tanstack/react-query';
import type { DataCollectConfig } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { CONFIGS_PATH, dataCollectionKeys } from './keys';

export function useConfig(id: number) {
  return useQuery({
    queryKey: dataCollectionKeys.detail(id),
    queryFn: async ({ signal }) =>
      (await api.get<DataCollectConfig>(`${CONFIGS_PATH}/${id}`, { signal })).data,
  });
}
