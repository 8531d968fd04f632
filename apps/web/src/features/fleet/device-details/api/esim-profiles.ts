import { useMutation, useQueryClient } from '@tanstack/react-query';
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

/**
 * Reloads the device's latest readings on each update of `channel`: a device that changed its
 * eSIM sends a new static reading with its profiles before it reports the job completed.
 */
export function useEsimReload(deviceId: number, channel: string | null) {
  const queryClient = useQueryClient();
  useChannel(channel, {
    StatusUpdated: () =>
      void queryClient.invalidateQueries({ queryKey: deviceKeys.history(deviceId, null) }),
  });
}
