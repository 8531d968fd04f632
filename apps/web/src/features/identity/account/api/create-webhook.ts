import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createdWebhookSchema, type WebhookBody } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { accountKeys, WEBHOOKS_PATH } from './keys';

/** The answer is the only place the signing secret ever appears. */
export async function createWebhook(body: WebhookBody) {
  const { data } = await api.post<unknown>(WEBHOOKS_PATH, { body });
  return createdWebhookSchema.parse(data);
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.webhooks() }),
  });
}
