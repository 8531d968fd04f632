import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AutomationDevicesActivationBody } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { automationsKeys, deviceActivationPath } from './keys';

/** PUT /automations/{id}/devices/activation: the rule on or off for these devices. */
export function useSetDeviceActivation(automationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ deviceIds, enabled }: { deviceIds: readonly number[]; enabled: boolean }) =>
      api.put<unknown>(deviceActivationPath(automationId), {
        body: [{ enabled, devices: [...deviceIds] }] satisfies AutomationDevicesActivationBody,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: automationsKeys.all }),
  });
}
