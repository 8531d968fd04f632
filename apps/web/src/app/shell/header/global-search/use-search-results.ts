import { useEffect, useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import { normalizeSearchQuery, SEARCH_DEBOUNCE_MS, SEARCH_LIMIT } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import type { SearchKind, SearchResult } from '@/app/search-kinds';

export interface KindResults {
  results: SearchResult[];
  total: number;
}

async function searchKind(kind: SearchKind, q: string, signal: AbortSignal): Promise<KindResults> {
  const { data, meta } = await api.get<SearchResult[]>(kind.endpoint, {
    query: { q, limit: SEARCH_LIMIT, 'search-fields': kind.searchFields, fields: kind.fields },
    signal,
  });
  const total = meta?.total;
  return { results: data, total: typeof total === 'number' ? total : data.length };
}

/**
 * The trimmed query once typing has paused for the debounce (spec §5 Search), null while there is
 * nothing to search; clearing the box takes effect at once.
 */
export function useDebouncedSearch(text: string): string | null {
  const normalized = normalizeSearchQuery(text);
  const [settled, setSettled] = useState<string | null>(null);
  useEffect(() => {
    if (normalized === null) return undefined;
    const timer = setTimeout(() => setSettled(normalized), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [normalized]);
  return normalized === null ? null : settled;
}

/** One request per ticked kind for the settled query. */
export function useSearchResults(kinds: readonly SearchKind[], q: string | null) {
  return useQueries({
    queries: kinds.map((kind) => ({
      queryKey: ['global-search', kind.key, q],
      queryFn: ({ signal }: { signal: AbortSignal }) => searchKind(kind, q ?? '', signal),
      enabled: q !== null,
    })),
  });
}
