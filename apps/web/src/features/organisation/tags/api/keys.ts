import type { TableQuery } from '@/components/data-table';

export const TAGS_PATH = '/tags';

export const tagsKeys = {
  all: ['tags'] as const,
  /** `companyId` is set when the list is one company's (the company page's tags tab). */
  list: (query: TableQuery, companyId?: number) =>
    [...tagsKeys.all, 'list', companyId ?? null, query] as const,
  detail: (id: number) => [...tagsKeys.all, 'detail', id] as const,
};
