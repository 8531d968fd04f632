import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type Query } from '@/lib/api-client';
import { devicesKeys } from './keys';

/** As many as a picker lists (spec §7 pickers: limit 100); typing searches the rest. */
export const OPTIONS_LIMIT = 100;

export interface PickerOption {
  value: string;
  label: string;
}

export interface PickerSource {
  endpoint: string;
  /** Fixed query parameters, e.g. { type: 'firmware' }. */
  query?: Query;
  /** The row field shown; `name` by default. */
  labelKey?: string;
}

export async function getOptions(
  source: PickerSource,
  search: string,
  signal?: AbortSignal,
): Promise<PickerOption[]> {
  const { data } = await api.get<Record<string, unknown>[]>(source.endpoint, {
    query: { limit: OPTIONS_LIMIT, ...source.query, q: search || undefined },
    signal,
  });
  const labelKey = source.labelKey ?? 'name';
  return data.map((row) => ({ value: String(row.id), label: String(row[labelKey] ?? row.id) }));
}

export function useOptions(source: PickerSource, search: string) {
  const query = source.query ?? {};
  return useQuery({
    queryKey: devicesKeys.options(source.endpoint, query, search),
    queryFn: ({ signal }) => getOptions(source, search, signal),
    placeholderData: keepPreviousData,
  });
}
