import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { deviceChannel, hasPermission, type DeviceChange } from '@netfleet/contracts';
import type { TableQuery } from '@/components/data-table';
import { useCurrentUser } from '@/lib/current-user';
import { useChannel } from '@/lib/realtime';
import type { DeviceRow, DevicesPage } from '../api/get-devices';
import { devicesKeys } from '../api/keys';
import { changesById, needsRefetch, patchPage } from './device-changes';

/** At most one list refetch per this many milliseconds, however busy the fleet. */
export const REFETCH_THROTTLE_MS = 3000;

function findCachedRow(queryClient: QueryClient) {
  const pages = queryClient.getQueriesData<DevicesPage>({ queryKey: devicesKeys.lists() });
  return (id: number): DeviceRow | undefined => {
    for (const [, page] of pages) {
      const row = page?.rows.find((candidate) => candidate.id === id);
      if (row) return row;
    }
    return undefined;
  };
}

/** Leading-edge throttle: runs at once, then at most once per `wait` with the last call kept. */
function useThrottled(action: () => void, wait: number) {
  const state = useRef({ last: 0, timer: undefined as ReturnType<typeof setTimeout> | undefined });
  const latest = useRef(action);
  useEffect(() => {
    latest.current = action;
  });
  useEffect(() => {
    const current = state.current;
    return () => clearTimeout(current.timer);
  }, []);
  return () => {
    const current = state.current;
    if (current.timer !== undefined) return;
    const due = current.last + wait - Date.now();
    const run = () => {
      current.timer = undefined;
      current.last = Date.now();
      latest.current();
    };
    if (due <= 0) run();
    else current.timer = setTimeout(run, due);
  };
}

/**
 * Keeps the device list live over the company's device channel (never polling): changed rows of
 * every cached page are patched in place; a change that could move rows in or out of the query
 * on screen refetches the list, throttled. A reconnect refetches too (changes were missed).
 */
export function useLiveDevices(query: TableQuery): void {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const scope = hasPermission(user.permissions, 'access_child_companies') ? 'tree' : 'own';
  const channel = deviceChannel(user.company_id, scope);
  const subscribedOnce = useRef(false);

  const refetch = useThrottled(() => {
    void queryClient.invalidateQueries({ queryKey: devicesKeys.lists() });
  }, REFETCH_THROTTLE_MS);

  useChannel(channel, {
    DevicesChanged: ({ devices }: { devices: DeviceChange[] }) => {
      const changes = changesById(devices);
      const refresh = needsRefetch(query, changes.values(), findCachedRow(queryClient));
      queryClient.setQueriesData<DevicesPage>({ queryKey: devicesKeys.lists() }, (page) =>
        patchPage(page, changes),
      );
      if (refresh) refetch();
    },
    onSubscribed: () => {
      // The first subscription follows the page's own load; later ones follow a reconnect.
      if (subscribedOnce.current) refetch();
      subscribedOnce.current = true;
    },
  });
}
