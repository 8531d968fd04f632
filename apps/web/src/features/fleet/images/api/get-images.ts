import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ImageInfo } from '@netfleet/contracts';
import { toApiQuery, toListPage, type ListPage, type TableQuery } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { IMAGES_PATH, imagesKeys } from './keys';

export async function getImages(
  query: TableQuery,
  signal?: AbortSignal,
): Promise<ListPage<ImageInfo>> {
  return toListPage(await api.get<ImageInfo[]>(IMAGES_PATH, { query: toApiQuery(query), signal }));
}

/** One page of the images of the user's companies (GET /images). */
export function useImages(query: TableQuery) {
  return useQuery({
    queryKey: imagesKeys.list(query),
    queryFn: ({ signal }) => getImages(query, signal),
    placeholderData: keepPreviousData,
  });
}
