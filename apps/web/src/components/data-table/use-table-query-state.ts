import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { LIST_DEFAULT_LIMIT, parseSort } from '@netfleet/contracts';
import type { Query } from '@/lib/api-client';

export const PAGE_SIZE_OPTIONS = [25, 50, 100] as const;

/** What a list endpoint is asked for; it lives in the URL so links and back/forward keep it. */
export interface TableQuery {
  limit: number;
  offset: number;
  /** 'field' ascending, '-field' descending. */
  sort: string | undefined;
  q: string | undefined;
  filters: Readonly<Record<string, string>>;
}

export interface TableQueryStateOptions {
  defaultSort?: string;
  /** Sortable fields; a URL naming any other falls back to `defaultSort` instead of a 400. */
  sortFields?: readonly string[];
  /** Extra URL parameters kept as filters, each with its allowed values. */
  filters?: Readonly<Record<string, readonly string[]>>;
}

export interface TableQueryState {
  query: TableQuery;
  page: number;
  toggleSort: (field: string) => void;
  setPage: (page: number, options?: { replace?: boolean }) => void;
  setLimit: (limit: number) => void;
  setSearch: (q: string) => void;
  setFilter: (key: string, value: string | null) => void;
}

type Changes = Record<string, string | number | undefined>;

const readInt = (value: string | null): number | undefined => {
  if (value === null || !/^\d{1,9}$/.test(value)) return undefined;
  return Number(value);
};

function parseQuery(params: URLSearchParams, options: TableQueryStateOptions): TableQuery {
  const rawLimit = readInt(params.get('limit'));
  const limit = PAGE_SIZE_OPTIONS.find((size) => size === rawLimit) ?? LIST_DEFAULT_LIMIT;
  const rawSort = params.get('sort') ?? undefined;
  const sortOk =
    rawSort !== undefined &&
    (!options.sortFields ||
      parseSort(rawSort).every((s) => options.sortFields?.includes(s.field) ?? true));
  const filters: Record<string, string> = {};
  for (const [key, allowed] of Object.entries(options.filters ?? {})) {
    const value = params.get(key);
    if (value !== null && allowed.includes(value)) filters[key] = value;
  }
  return {
    limit,
    offset: readInt(params.get('offset')) ?? 0,
    sort: sortOk ? rawSort : options.defaultSort,
    q: params.get('q')?.trim() || undefined,
    filters,
  };
}

/** The list parameters as the API client sends them (filters flattened next to limit/offset). */
export function toApiQuery(query: TableQuery): Query {
  return {
    limit: query.limit,
    offset: query.offset,
    sort: query.sort,
    q: query.q,
    ...query.filters,
  };
}

export function useTableQueryState(options: TableQueryStateOptions = {}): TableQueryState {
  const [params, setParams] = useSearchParams();
  const { defaultSort } = options;
  const search = params.toString();
  // Keyed on text, not identity, so callers may pass inline options and the query object stays
  // the same between renders of the same URL.
  const optionsKey = JSON.stringify(options);
  const query = useMemo(
    () => parseQuery(new URLSearchParams(search), JSON.parse(optionsKey) as TableQueryStateOptions),
    [search, optionsKey],
  );

  // Any change other than paging starts again from the first page.
  const update = useCallback(
    (changes: Changes, { keepOffset = false, replace = false } = {}) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          if (!keepOffset) next.delete('offset');
          return next;
        },
        { replace },
      );
    },
    [setParams],
  );

  const toggleSort = useCallback(
    (field: string) => {
      const next = query.sort === field ? `-${field}` : field;
      update({ sort: next === defaultSort ? undefined : next });
    },
    [query.sort, defaultSort, update],
  );

  const setPage = useCallback(
    (page: number, { replace = false } = {}) => {
      const offset = Math.max(0, page - 1) * query.limit;
      update({ offset: offset === 0 ? undefined : offset }, { keepOffset: true, replace });
    },
    [query.limit, update],
  );

  const setLimit = useCallback(
    (limit: number) => update({ limit: limit === LIST_DEFAULT_LIMIT ? undefined : limit }),
    [update],
  );
  const setSearch = useCallback((q: string) => update({ q: q.trim() || undefined }), [update]);
  const setFilter = useCallback(
    (key: string, value: string | null) => update({ [key]: value ?? undefined }),
    [update],
  );

  return {
    query,
    page: Math.floor(query.offset / query.limit) + 1,
    toggleSort,
    setPage,
    setLimit,
    setSearch,
    setFilter,
  };
}
