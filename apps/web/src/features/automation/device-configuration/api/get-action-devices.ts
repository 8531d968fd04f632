import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ConfigActionDevice } from '@netfleet/contracts';
import { toApiQuery, toListPage, type ListPage, type TableQuery } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { LIVE_REFRESH_MS } from '../model/states';
import { ACTIONS_PATH, deviceConfigurationKeys } from './keys';

/** A device of an action as a table row: one device takes an action once. */
export type ActionDeviceRow = ConfigActionDevice & { id: number };

export async function getActionDevices(
  name: string,
  query: TableQuery,
  signal?: AbortSignal,
): Promise<ListPage<ActionDeviceRow>> {
  const response = await api.get<ConfigActionDevice[]>(
    `${ACTIONS_PATH}/${encodeURIComponent(name)}/devices`,
    { query: toApiQuery(query), signal },
  );
  const page = toListPage(response);
  return { ...page, rows: page.rows.map((device) => ({ ...device, id: device.device_id })) };
}

/**
 * One page of the action's devices; `live` reads them again every 2 s. `live` is in the key: when
 * it ends, the devices are read once more as the action left them.
 */
export function useActionDevices(name: string, query: TableQuery, live: boolean) {
  return useQuery({
    queryKey: deviceConfigurationKeys.actionDevices(name, query, live),
    queryFn: ({ signal }) => getActionDevices(name, query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: live ? LIVE_REFRESH_MS : false,
  });
}
