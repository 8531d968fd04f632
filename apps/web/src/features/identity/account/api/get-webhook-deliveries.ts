import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { webhookDeliverySchema } from '@netfleet/contracts';
import { toListPage, type ListPage } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { accountKeys, WEBHOOKS_PATH } from './keys';

export const DELIVERIES_PAGE_SIZE = 25;

const deliveryListSchema = z.array(webhookDeliverySchema);
type Delivery = z.infer<typeof webhookDeliverySchema>;

/** One page of a webhook's delivery log, newest first. */
export async function getWebhookDeliveries(
  webhookId: number,
  offset: number,
  signal?: AbortSignal,
): Promise<ListPage<Delivery>> {
  const response = await api.get<unknown[]>(`${WEBHOOKS_PATH}/${webhookId}/deliveries`, {
    query: { limit: DELIVERIES_PAGE_SIZE, offset },
    signal,
  });
  return toListPage({ ...response, data: deliveryListSchema.parse(response.data) });
}

export function useWebhookDeliveries(webhookId: number | null, offset: number) {
  return useQuery({
    queryKey: accountKeys.deliveries(webhookId ?? 0, offset),
    queryFn: ({ signal }) => getWebhookDeliveries(webhookId ?? 0, offset, signal),
    enabled: webhookId !== null,
    // Keeps the rows while paging, but never shows one webhook's log under another's title.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === webhookId ? previous : undefined,
  });
}
