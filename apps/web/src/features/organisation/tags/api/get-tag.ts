import { useQuery } from '@tanstack/react-query';
import type { Tag } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { TAGS_PATH, tagsKeys } from './keys';

export async function getTag(id: number | string, signal?: AbortSignal): Promise<Tag> {
  const { data } = await api.get<Tag>(`${TAGS_PATH}/${id}`, { signal });
  return data;
}

export function useTag(id: number) {
  return useQuery({ queryKey: tagsKeys.detail(id), queryFn: ({ signal }) => getTag(id, signal) });
}
