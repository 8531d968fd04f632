import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { EsimProfileArgs } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { useChannel } from '@/lib/realtime';
import { deviceApiPath, deviceKeys } from './keys';

export interface EsimChangeRequest {
  device: { id: number; name: string };
  args: EsimProfileArgs;
  /** Title of the live 'Action status' the answer's channel opens. */
  title: string;
}

/**
 * POST answers a status channel at once; the live 'Action status' follows the device to the end.
 * Resolves to the channel, so the caller can reload the profiles as the device reports progress.
 */
export async function changeEsimProfile({ device, args, title }: EsimChangeRequest) {
  const response = await api.post<unknown>(`${deviceApiPath(device.id)}/esim/profiles`, {
    body: args,
    actionStatus: { title, itemLabels: { [String(device.id)]: device.name } },
  });
  return String(response.meta?.channel ?? '');
}

export function useChangeEsimProfile() {
  return useMutation({ mutationFn: changeEsimProfile });
}

/** How long, and how often, the readings are read again after the device's last update. */
const SETTLE_MS = 15_000;
const SETTLE_EVERY_MS = 2_000;

/**
 * Reloads the device's latest readings on each update of `channel`, and for a while after it (and
 * after `settle()`, called once the change is sent): a device that changed its eSIM sends a new
 * static reading with its profiles before it reports the job completed, which the server stores
 * with its next flush.
 */
export function useEsimReload(deviceId: number, channel: string | null) {
  const queryClient = useQueryClient();
  const [updatedAt, setUpdatedAt] = useState<number | null>(null);
  useChannel(channel, { StatusUpdated: () => setUpdatedAt(Date.now()) });
  useEffect(() => {
    if (updatedAt === null) return;
    const reload = () =>
      void queryClient.invalidateQueries({ queryKey: deviceKeys.history(deviceId, null) });
    reload();
    const timer = setInterval(() => {
      if (Date.now() - updatedAt > SETTLE_MS) clearInterval(timer);
      else reload();
    }, SETTLE_EVERY_MS);
    return () => clearInterval(timer);
  }, [deviceId, queryClient, updatedAt]);
  return { settle: () => setUpdatedAt(Date.now()) };
}
