import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accessHistoryKeys, sessionPath } from './keys';

/** DELETE /devices/connect/sessions/{id}: a log row's id is its session's. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete<unknown>(sessionPath(id));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: accessHistoryKeys.all }),
  });
}
