import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { generatedReportApiPath, reportsKeys } from './keys';

/** DELETE /reports/generated/{id}, with its PDF and CSV. */
export function useDeleteGeneratedReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete<unknown>(generatedReportApiPath(id));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportsKeys.all }),
  });
}
