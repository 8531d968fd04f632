import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { z } from 'zod';
import { LIST_MAX_LIMIT, noticeSchema, parseSort, type Notice } from '@netfleet/contracts';
import type { ListPage, TableQuery } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { richTextToPlain } from '@/lib/rich-text';
import { ADMIN_NOTICES_PATH, noticesKeys } from './keys';

const noticeListSchema = z.array(noticeSchema);

/** Every notice, drafts included. There are few, so the table pages, sorts and searches locally. */
export async function getAdminNotices(signal?: AbortSignal): Promise<Notice[]> {
  const { data } = await api.get<unknown>(ADMIN_NOTICES_PATH, {
    query: { limit: LIST_MAX_LIMIT },
    signal,
  });
  return noticeListSchema.parse(data);
}

export const NOTICE_SORT_FIELDS = ['type', 'enabled_at', 'id'] as const;

const sortValue = (notice: Notice, field: string): string | number => {
  if (field === 'type') return notice.type;
  if (field === 'enabled_at') return notice.enabled_at ? Date.parse(notice.enabled_at) : 0;
  return notice.id;
};

/** One table page of the list: search on the visible text and type, then sort, then slice. */
export function noticesPage(notices: readonly Notice[], query: TableQuery): ListPage<Notice> {
  const q = query.q?.toLowerCase();
  const found = q
    ? notices.filter(
        (notice) =>
          notice.type.includes(q) || richTextToPlain(notice.message).toLowerCase().includes(q),
      )
    : [...notices];
  // Stable sorts applied last key first leave the rows ordered by every key in turn.
  for (const { field, desc } of parseSort(query.sort).reverse()) {
    const sign = desc ? -1 : 1;
    found.sort((a, b) => {
      const left = sortValue(a, field);
      const right = sortValue(b, field);
      return left < right ? -sign : left > right ? sign : 0;
    });
  }
  return { rows: found.slice(query.offset, query.offset + query.limit), total: found.length };
}

export function useAdminNotices(query: TableQuery) {
  const select = useCallback((notices: Notice[]) => noticesPage(notices, query), [query]);
  return useQuery({
    queryKey: noticesKeys.admin(),
    queryFn: ({ signal }) => getAdminNotices(signal),
    select,
    placeholderData: keepPreviousData,
  });
}
