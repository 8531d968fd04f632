// Spec §7 pickers: GET {endpoint}?limit=100&q=<search> with the picker's query parameters; the
// answer's rows become options labelled by labelKey and valued by valueKey.
import { useQuery } from '@tanstack/react-query';
import { api, type Query } from '@/lib/api-client';

export const PICKER_LIMIT = 100;

export type ItemValue = string | number;

export interface ItemOption {
  value: ItemValue;
  label: string;
}

const isRecord = (row: unknown): row is Record<string, unknown> =>
  typeof row === 'object' && row !== null;

export function toOptions(rows: unknown, labelKey: string, valueKey: string): ItemOption[] {
  if (!Array.isArray(rows)) return [];
  const options: ItemOption[] = [];
  for (const row of rows) {
    if (!isRecord(row)) continue;
    const value = row[valueKey];
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    const label = row[labelKey];
    options.push({ value, label: typeof label === 'string' ? label : String(value) });
  }
  return options;
}

export interface ItemOptionsRequest {
  endpoint: string;
  query: Query;
  search: string;
  labelKey: string;
  valueKey: string;
}

export function useItemOptions({
  endpoint,
  query,
  search,
  labelKey,
  valueKey,
}: ItemOptionsRequest) {
  const fullQuery: Query = { ...query, limit: PICKER_LIMIT, q: search.trim() };
  return useQuery({
    queryKey: ['schema-form', 'item-select', endpoint, fullQuery],
    queryFn: async ({ signal }) => {
      const response = await api.get<unknown>(endpoint, { query: fullQuery, signal });
      return toOptions(response.data, labelKey, valueKey);
    },
    // Keep showing the previous options while the next search loads.
    placeholderData: (previous) => previous,
  });
}
