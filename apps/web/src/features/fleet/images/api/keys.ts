import type { TableQuery } from '@/components/data-table';

export const IMAGES_PATH = '/images';

/** Where the browser loads a picture (cookies go along; no blob juggling needed). */
export const imageUrl = (id: number, thumbnail = false) =>
  `/api${IMAGES_PATH}/${id}${thumbnail ? '/thumbnail' : ''}`;

export const imagesKeys = {
  all: ['images'] as const,
  list: (query: TableQuery) => [...imagesKeys.all, 'list', query] as const,
};
