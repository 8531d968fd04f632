import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { automationsKeys, silencePath } from './keys';

/** DELETE /automations/silences/{id}: actions it held back are not run afterwards. */
export function useDeleteSilence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(silencePath(id)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: automationsKeys.silences }),
  });
}
