import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImageInfo, UpdateImageBody } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { IMAGES_PATH, imagesKeys } from './keys';

/** PUT /images/{id}: a new description (the picture itself never changes). */
export function useUpdateImage(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateImageBody) =>
      (await api.put<ImageInfo>(`${IMAGES_PATH}/${id}`, { body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: imagesKeys.all }),
  });
}
