import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConfigAction } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { useChannel } from '@/lib/realtime';
import { isActionRunning, LIVE_REFRESH_MS } from '../model/states';
import { ACTIONS_PATH, deviceConfigurationKeys } from './keys';

/**
 * One action with its live counts: read again every 2 s while a device has yet to answer, and at
 * once when the action's status channel says a device has (the poll covers a missing socket).
 */
export function useAction(name: string) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: deviceConfigurationKeys.action(name),
    queryFn: async ({ signal }) =>
      (await api.get<ConfigAction>(`${ACTIONS_PATH}/${encodeURIComponent(name)}`, { signal })).data,
    refetchInterval: (current) => {
      const action = current.state.data;
      return action && isActionRunning(action) ? LIVE_REFRESH_MS : false;
    },
  });
  const action = query.data;
  useChannel(action && isActionRunning(action) ? action.channel : null, {
    StatusUpdated: () =>
      void queryClient.invalidateQueries({ queryKey: deviceConfigurationKeys.action(name) }),
  });
  return query;
}
