import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CustomDataRow } from '@netfleet/contracts';
import { toListPage, type ListPage, type TableQuery } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { customDataPath, dataCollectionKeys, type DateRange } from './keys';

/** A run of the config on the device as a table row; its place in the list is its id. */
export type CustomDataTableRow = CustomDataRow & { id: number };

/** One page of what the device collected for the config in the range, newest first. */
export function useCustomData(
  deviceId: number,
  configId: number,
  range: DateRange,
  query: TableQuery,
) {
  return useQuery({
    queryKey: dataCollectionKeys.customData(deviceId, configId, range, query),
    queryFn: async ({ signal }): Promise<ListPage<CustomDataTableRow>> => {
      const response = await api.get<CustomDataRow[]>(customDataPath(deviceId), {
        query: { ...range, config_id: configId, limit: query.limit, offset: query.offset },
        signal,
      });
      const page = toListPage(response);
      return {
        ...page,
        rows: page.rows.map((row, index) => ({ ...row, id: query.offset + index })),
      };
    },
    placeholderData: keepPreviousData,
  });
}
