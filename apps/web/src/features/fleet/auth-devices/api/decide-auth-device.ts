import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthDevice } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { AUTH_DEVICES_PATH, authDevicesKeys } from './keys';

export type AuthDeviceDecision = 'approve' | 'dismiss';

/** Approve (the registered device takes the identity) or dismiss one refused identity. */
export async function decideAuthDevice(id: number, decision: AuthDeviceDecision): Promise<void> {
  if (decision === 'approve') await api.post<AuthDevice>(`${AUTH_DEVICES_PATH}/${id}/approve`);
  else await api.delete<unknown>(`${AUTH_DEVICES_PATH}/${id}`);
}

export function useDecideAuthDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: AuthDeviceDecision }) =>
      decideAuthDevice(id, decision),
    // Both lists change: an approval leaves the refused list for the approvals.
    onSettled: () => queryClient.invalidateQueries({ queryKey: authDevicesKeys.all }),
  });
}
