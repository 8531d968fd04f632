import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ADMIN_NOTICES_PATH, noticesKeys } from './keys';

export async function deleteNotice(id: number): Promise<void> {
  await api.delete<unknown>(`${ADMIN_NOTICES_PATH}/${id}`);
}

export function useDeleteNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticesKeys.all }),
  });
}
