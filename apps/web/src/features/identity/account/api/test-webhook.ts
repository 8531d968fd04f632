import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { WEBHOOKS_PATH } from './keys';

/** Starts a test delivery; the answer's meta.channel reports how it went (started → completed/error). */
export async function testWebhook(id: number): Promise<{ channel: string | null }> {
  const response = await api.post<unknown>(`${WEBHOOKS_PATH}/${id}/test`);
  const channel = response.meta?.channel;
  return { channel: typeof channel === 'string' && channel !== '' ? channel : null };
}

export function useTestWebhook() {
  return useMutation({ mutationFn: testWebhook });
}
