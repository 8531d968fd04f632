import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { LIST_DEFAULT_LIMIT, parseSort } from '@netfleet/contracts';
import type { Query } from '@/lib/api-client';
import type { DataTableColumn } from './types';

// Up to the API's maximum page; pages above ~100 rows are virtualised by the table.
export const PAGE_SIZE_OPTIONS = [25, 50, 100, 250, 500, 1000] as const;

/** Longest free-text filter kept from the URL, as for `q` (the API refuses longer). */
const TEXT_FILTER_MAX = 200;

/** What a list endpoint is asked for; it lives in the URL so links and back/forward keep it. */
export interface TableQuery {
  limit: number;
  offset: number;
  /** 'field' ascending, '-field' descending. */
  sort: string | undefined;
  q: string | undefined;
  filters: Readonly<Record<string, string>>;
  /** The `search-fields` chosen for `q`; absent means every field the server searches. */
  searchFields?: readonly string[];
}

export interface TableQueryStateOptions {
  defaultSort?: string;
  /** Sortable fields; a URL naming any other falls back to `defaultSort` instead of a 400. */
  sortFields?: readonly string[];
  /** Extra URL parameters kept as filters, each with its allowed values or 'text' for any text. */
  filters?: Readonly<Record<string, readonly string[] | 'text'>>;
  /** The table's columns: their `filter`s and `searchable` fields are read from the URL too. */
  columns?: readonly DataTableColumn<never>[];
}

/** The options as plain data (columns reduced to what the URL holds), so they can be a memo key. */
interface ParseOptions {
  defaultSort?: string;
  sortFields?: readonly string[];
  filters: Record<string, readonly string[] | 'text'>;
  searchFields: string[];
}

export interface TableQueryState {
  query: TableQuery;
  page: number;
  toggleSort: (field: string) => void;
  setPage: (page: number, options?: { replace?: boolean }) => void;
  setLimit: (limit: number) => void;
  setSearch: (q: string) => void;
  setFilter: (key: string, value: string | null) => void;
  /** null searches every field. */
  setSearchFields: (fields: readonly string[] | null) => void;
}

type Changes = Record<string, string | number | undefined>;

const readInt = (value: string | null): number | undefined => {
  if (value === null || !/^\d{1,9}$/.test(value)) return undefined;
  return Number(value);
};

function toParseOptions({ defaultSort, sortFields, filters, columns }: TableQueryStateOptions) {
  const plain: ParseOptions = {
    defaultSort,
    sortFields,
    filters: { ...filters },
    searchFields: [],
  };
  for (const column of columns ?? []) {
    const { filter } = column;
    if (filter) {
      plain.filters[filter.param ?? column.key] =
        filter.type === 'text' ? 'text' : filter.options.map((option) => option.value);
    }
    if (column.searchable) plain.searchFields.push(column.key);
  }
  return plain;
}

function readFilter(value: string | null, allowed: readonly string[] | 'text'): string | undefined {
  if (value === null) return undefined;
  if (allowed !== 'text') return allowed.includes(value) ? value : undefined;
  const text = value.trim();
  return text && text.length <= TEXT_FILTER_MAX ? text : undefined;
}

function readSearchFields(value: string | null, allowed: readonly string[]) {
  if (value === null) return undefined;
  const fields = [...new Set(value.split(','))].filter((field) => allowed.includes(field));
  return fields.length > 0 ? fields : undefined;
}

function parseQuery(params: URLSearchParams, options: ParseOptions): TableQuery {
  const rawLimit = readInt(params.get('limit'));
  const limit = PAGE_SIZE_OPTIONS.find((size) => size === rawLimit) ?? LIST_DEFAULT_LIMIT;
  const rawSort = params.get('sort') ?? undefined;
  const sortOk =
    rawSort !== undefined &&
    (!options.sortFields ||
      parseSort(rawSort).every((s) => options.sortFields?.includes(s.field) ?? true));
  const filters: Record<string, string> = {};
  for (const [key, allowed] of Object.entries(options.filters)) {
    const value = readFilter(params.get(key), allowed);
    if (value !== undefined) filters[key] = value;
  }
  const searchFields = readSearchFields(params.get('search-fields'), options.searchFields);
  return {
    limit,
    offset: readInt(params.get('offset')) ?? 0,
    sort: sortOk ? rawSort : options.defaultSort,
    q: params.get('q')?.trim() || undefined,
    filters,
    ...(searchFields ? { searchFields } : {}),
  };
}

/** The list parameters as the API client sends them (filters flattened next to limit/offset). */
export function toApiQuery(query: TableQuery): Query {
  return {
    limit: query.limit,
    offset: query.offset,
    sort: query.sort,
    q: query.q,
    // Search fields only narrow a search; without one they would just lengthen the URL.
    'search-fields': query.q ? query.searchFields : undefined,
    ...query.filters,
  };
}

export function useTableQueryState(options: TableQueryStateOptions = {}): TableQueryState {
  const [params, setParams] = useSearchParams();
  const { defaultSort } = options;
  const search = params.toString();
  // Keyed on text, not identity, so callers may pass inline options and the query object stays
  // the same between renders of the same URL.
  const optionsKey = JSON.stringify(toParseOptions(options));
  const query = useMemo(
    () => parseQuery(new URLSearchParams(search), JSON.parse(optionsKey) as ParseOptions),
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
  const setSearchFields = useCallback(
    (fields: readonly string[] | null) => update({ 'search-fields': fields?.join(',') }),
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
    setSearchFields,
  };
}
