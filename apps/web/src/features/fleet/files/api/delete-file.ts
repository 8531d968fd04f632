import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { FILES_PATH, filesKeys } from './keys';

export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`${FILES_PATH}/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: filesKeys.all }),
  });
}
