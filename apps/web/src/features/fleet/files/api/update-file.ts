import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FileInfo, UpdateFileBody } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { FILES_PATH, filesKeys } from './keys';

/** PUT /files/{id}: a new description (the file itself never changes). */
export function useUpdateFile(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateFileBody) =>
      (await api.put<FileInfo>(`${FILES_PATH}/${id}`, { body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: filesKeys.all }),
  });
}
