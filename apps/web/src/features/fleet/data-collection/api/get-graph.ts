import { useQuery } from '@tanstack/react-query';
import type { DataCollectGraph } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { dataCollectionKeys, GRAPH_PATH } from './keys';

interface ValueCount {
  value: string;
  devices: number;
}

/** The latest value of the field on each device, grouped: most devices first. */
export function useFieldValues(field: string, variable: string) {
  return useQuery({
    queryKey: dataCollectionKeys.graph(field),
    queryFn: async ({ signal }): Promise<ValueCount[]> => {
      const { data } = await api.get<DataCollectGraph>(GRAPH_PATH, { query: { field }, signal });
      return Object.entries(data[variable] ?? {})
        .map(([value, devices]) => ({ value, devices }))
        .sort((a, b) => b.devices - a.devices || a.value.localeCompare(b.value));
    },
  });
}
