import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AutomationDevicesBody } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { automationsKeys, devicesPath } from './keys';

const body = (deviceIds: readonly number[]): AutomationDevicesBody => [{ devices: [...deviceIds] }];

/** PUT /automations/{id}/devices: the devices are evaluated explicitly. */
export const assignDevices = (automationId: number, deviceIds: readonly number[]) =>
  api.put<unknown>(devicesPath(automationId), { body: body(deviceIds) });

/** DELETE /automations/{id}/devices (RMS: the same JSON array body). */
export function useUnassignDevices(automationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deviceIds: readonly number[]) =>
      api.delete<unknown>(devicesPath(automationId), { body: body(deviceIds) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: automationsKeys.all }),
  });
}
