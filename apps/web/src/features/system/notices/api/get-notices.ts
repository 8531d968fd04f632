import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { noticeSchema, type Notice } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { noticesKeys } from './keys';

const noticeListSchema = z.array(noticeSchema);

/** GET /notices: the enabled notices, newest first by enabled_at. */
export async function getNotices(signal?: AbortSignal): Promise<Notice[]> {
  const { data } = await api.get<unknown>('/notices', { signal });
  return noticeListSchema.parse(data);
}

export function useNotices() {
  return useQuery({
    queryKey: noticesKeys.active(),
    queryFn: ({ signal }) => getNotices(signal),
    // Spec §8: a failure clears the notices at once; the next route change asks again.
    retry: false,
  });
}
