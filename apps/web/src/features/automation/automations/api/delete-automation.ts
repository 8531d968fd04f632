import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { automationPath, automationsKeys } from './keys';

/** DELETE /automations/{id}: its open alerts are resolved. */
export function useDeleteAutomation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(automationPath(id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: automationsKeys.all }),
  });
}
