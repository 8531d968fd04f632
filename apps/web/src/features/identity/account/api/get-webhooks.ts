import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { LIST_MAX_LIMIT, webhookSchema, type Webhook } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { accountKeys, WEBHOOKS_PATH } from './keys';

const webhookListSchema = z.array(webhookSchema);

/** The user's own webhooks; there are few, so one page holds them all. */
export async function getWebhooks(signal?: AbortSignal): Promise<Webhook[]> {
  const { data } = await api.get<unknown>(WEBHOOKS_PATH, {
    query: { limit: LIST_MAX_LIMIT },
    signal,
  });
  return webhookListSchema.parse(data);
}

export function useWebhooks() {
  return useQuery({
    queryKey: accountKeys.webhooks(),
    queryFn: ({ signal }) => getWebhooks(signal),
  });
}
