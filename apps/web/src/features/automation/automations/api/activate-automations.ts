import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AutomationsActivationBody } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { ACTIVATE_PATH, automationsKeys } from './keys';

/** PUT /automations/activate: rules on or off. */
export function useActivateAutomations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, enabled }: { ids: readonly number[]; enabled: boolean }) =>
      api.put<unknown>(ACTIVATE_PATH, {
        body: [{ enabled, automations: [...ids] }] satisfies AutomationsActivationBody,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: automationsKeys.all }),
  });
}
