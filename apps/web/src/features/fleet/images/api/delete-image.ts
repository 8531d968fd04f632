import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { IMAGES_PATH, imagesKeys } from './keys';

export function useDeleteImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`${IMAGES_PATH}/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: imagesKeys.all }),
  });
}
