import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Webhook } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { accountKeys, WEBHOOKS_PATH } from './keys';

/** PUT takes the whole body; enabling or disabling sends the rest unchanged. */
export async function setWebhookEnabled(webhook: Webhook, enabled: boolean): Promise<void> {
  await api.put<unknown>(`${WEBHOOKS_PATH}/${webhook.id}`, {
    body: { url: webhook.url, events: webhook.events, enabled },
  });
}

export function useSetWebhookEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ webhook, enabled }: { webhook: Webhook; enabled: boolean }) =>
      setWebhookEnabled(webhook, enabled),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.webhooks() }),
  });
}
