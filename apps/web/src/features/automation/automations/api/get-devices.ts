import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AutomationDevice } from '@netfleet/contracts';
import { toApiQuery, toListPage, type ListPage, type TableQuery } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { automationsKeys, devicesPath } from './keys';

/** A covered device as a table row: a device is covered once. */
export type DeviceRow = AutomationDevice & { id: number };

/** One page of the devices the rule covers, with their counters. */
export function useAutomationDevices(automationId: number, query: TableQuery) {
  return useQuery({
    queryKey: automationsKeys.devices(automationId, query),
    queryFn: async ({ signal }): Promise<ListPage<DeviceRow>> => {
      const response = await api.get<AutomationDevice[]>(devicesPath(automationId), {
        query: toApiQuery(query),
        signal,
      });
      const page = toListPage(response);
      return { ...page, rows: page.rows.map((row) => ({ ...row, id: row.device_id })) };
    },
    placeholderData: keepPreviousData,
  });
}
