import type { ApiResponse } from '@/lib/api-client';
import type { ListPage } from './types';

/** A list envelope as one table page; a missing `meta.total` means the page is all there is. */
export function toListPage<T>(response: ApiResponse<T[]>): ListPage<T> {
  const total = response.meta?.total;
  const page = {
    rows: response.data,
    total: typeof total === 'number' ? total : response.data.length,
  };
  return response.meta?.total_estimated === true ? { ...page, estimated: true } : page;
}
