import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { deviceConfigurationKeys, TEMPLATES_PATH } from './keys';

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`${TEMPLATES_PATH}/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceConfigurationKeys.all }),
  });
}
