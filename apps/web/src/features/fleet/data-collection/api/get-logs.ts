import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DataCollectLog } from '@netfleet/contracts';
import { toApiQuery, toListPage, type ListPage, type TableQuery } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { dataCollectionKeys, LOGS_PATH } from './keys';

/** A log as a table row; logs have no id of their own, so their place in the list is theirs. */
export type LogRow = DataCollectLog & { id: number };

/** One page of the logs devices reported while collecting the config, newest first. */
export function useLogs(configId: number, query: TableQuery) {
  return useQuery({
    queryKey: dataCollectionKeys.logs(configId, query),
    queryFn: async ({ signal }): Promise<ListPage<LogRow>> => {
      const response = await api.get<DataCollectLog[]>(LOGS_PATH, {
        query: { ...toApiQuery(query), config_id: configId },
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
