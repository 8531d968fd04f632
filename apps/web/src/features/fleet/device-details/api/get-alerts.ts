import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DeviceAlert } from '@netfleet/contracts';
import { toListPage, type ListPage, type TableQuery } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { ALERTS_PATH, deviceKeys } from './keys';

/**
 * While the tab is shown, alerts that notified someone else (or no one) still appear within
 * this; a `deviceAlert` notification of the user's own refreshes at once (alerts-tab).
 */
export const ALERTS_POLL_MS = 30_000;

/** One page of the device's alert history, newest first (the server pages; it sorts no other way). */
export function useDeviceAlerts(id: number, query: TableQuery) {
  return useQuery({
    queryKey: deviceKeys.alerts(id, query),
    queryFn: async ({ signal }): Promise<ListPage<DeviceAlert>> =>
      toListPage(
        await api.get<DeviceAlert[]>(ALERTS_PATH, {
          query: { device_id: id, limit: query.limit, offset: query.offset },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
    refetchInterval: ALERTS_POLL_MS,
  });
}
