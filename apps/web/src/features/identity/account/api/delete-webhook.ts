import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountKeys, WEBHOOKS_PATH } from './keys';

export async function deleteWebhook(id: number): Promise<void> {
  await api.delete<unknown>(`${WEBHOOKS_PATH}/${id}`);
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.webhooks() }),
  });
}
