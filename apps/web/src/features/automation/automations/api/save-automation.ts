import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Automation, CreateAutomationBody, UpdateAutomationBody } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { AUTOMATIONS_PATH, automationPath, automationsKeys } from './keys';

/** POST /automations; the answer carries the new rule (its id opens its page). */
export function useCreateAutomation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateAutomationBody) =>
      (await api.post<Automation | null>(AUTOMATIONS_PATH, { body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: automationsKeys.all }),
  });
}

/** PUT /automations/{id}: the fields sent change. */
export function useUpdateAutomation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAutomationBody) => api.put<unknown>(automationPath(id), { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: automationsKeys.all }),
  });
}
