import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ActionStatusOptions } from '@/lib/action-status';
import { api } from '@/lib/api-client';
import { deviceAlertsKeys, deviceConfigPath } from './keys';

export interface RemoveConfigRequest {
  deviceId: number;
  id: number;
  /** The live 'Action status' of the device getting its set without the config. */
  actionStatus: ActionStatusOptions;
}

/** DELETE /devices/{device_id}/alerts-configurations/{id}. */
export function useRemoveConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ deviceId, id, actionStatus }: RemoveConfigRequest) =>
      api.delete<unknown>(deviceConfigPath(deviceId, id), { actionStatus }),
    onSuccess: (_answer, { deviceId }) =>
      queryClient.invalidateQueries({ queryKey: deviceAlertsKeys.configsOf(deviceId) }),
  });
}
