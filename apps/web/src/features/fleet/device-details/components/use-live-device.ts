import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { deviceChannel, hasPermission, type Device } from '@netfleet/contracts';
import { useCurrentUser } from '@/lib/current-user';
import { useChannel } from '@/lib/realtime';
import { deviceKeys } from '../api/keys';
import { patchDevice } from '../model/live-device';

/**
 * Keeps the device query live from the company's DevicesChanged events (no polling): its entry is
 * patched into the cache; a resubscription (after a reconnect) reloads what may have been missed.
 */
export function useLiveDevice(id: number): void {
  const { company_id: companyId, permissions } = useCurrentUser();
  const queryClient = useQueryClient();
  const subscribedOnce = useRef(false);
  const scope = hasPermission(permissions, 'access_child_companies') ? 'tree' : 'own';
  const key = deviceKeys.detail(id);

  useChannel(deviceChannel(companyId, scope), {
    DevicesChanged: ({ devices }) => {
      const cached = queryClient.getQueryData<Device>(key);
      const patch = cached ? patchDevice(cached, devices) : null;
      if (!patch) return;
      if (patch.refetch) void queryClient.invalidateQueries({ queryKey: key });
      else queryClient.setQueryData(key, patch.device);
    },
    onSubscribed: () => {
      if (subscribedOnce.current) void queryClient.invalidateQueries({ queryKey: key });
      subscribedOnce.current = true;
    },
  });
}
