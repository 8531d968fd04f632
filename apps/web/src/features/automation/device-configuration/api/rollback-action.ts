import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConfigRollbackBody } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { ACTIONS_PATH, deviceConfigurationKeys } from './keys';

/** Undoes the action on its devices (or some of them); the answer's meta names the new action. */
export function useRollbackAction(name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfigRollbackBody) =>
      api.post<unknown>(`${ACTIONS_PATH}/${encodeURIComponent(name)}/rollback`, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceConfigurationKeys.all }),
  });
}
