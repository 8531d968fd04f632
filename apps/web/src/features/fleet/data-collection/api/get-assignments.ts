import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LIST_MAX_LIMIT, type DataCollectAssignment } from '@netfleet/contracts';
import { toApiQuery, toListPage, type ListPage, type TableQuery } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { ASSIGNED_PATH, dataCollectionKeys } from './keys';

/** An assignment as a table row: a device collects a config once. */
export type AssignmentRow = DataCollectAssignment & { id: number };

/** One page of the devices collecting the config. */
export function useAssignments(configId: number, query: TableQuery) {
  return useQuery({
    queryKey: dataCollectionKeys.assigned(configId, query),
    queryFn: async ({ signal }): Promise<ListPage<AssignmentRow>> => {
      const response = await api.get<DataCollectAssignment[]>(ASSIGNED_PATH, {
        query: { ...toApiQuery(query), config_id: configId },
        signal,
      });
      const page = toListPage(response);
      return { ...page, rows: page.rows.map((row) => ({ ...row, id: row.device_id })) };
    },
    placeholderData: keepPreviousData,
  });
}

/** The devices collecting the config, for a picker: the API's largest page. */
export function useAssignedDevices(configId: number) {
  return useQuery({
    queryKey: dataCollectionKeys.assignedPicker(configId),
    queryFn: async ({ signal }) =>
      (
        await api.get<DataCollectAssignment[]>(ASSIGNED_PATH, {
          query: { config_id: configId, limit: LIST_MAX_LIMIT },
          signal,
        })
      ).data,
  });
}
