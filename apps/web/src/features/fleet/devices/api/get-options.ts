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
  /** Fixed query parameters, e.g. { type: ['firmware', 'global_firmware'] }. */
  query?: Query;
  /** An option's text; the row's name by default (a file may add that it is global). */
  label?: (row: PickerRow) => string;
}

/** Every list answers ids and names; the other fields depend on the endpoint. */
export type PickerRow = { id: number; name: string } & Record<string, unknown>;

const nameOf = (row: PickerRow) => row.name;

export async function getOptions(
  source: PickerSource,
  search: string,
  signal?: AbortSignal,
): Promise<PickerOption[]> {
  const { data } = await api.get<PickerRow[]>(source.endpoint, {
    query: { limit: OPTIONS_LIMIT, ...source.query, q: search || undefined },
    signal,
  });
  const label = source.label ?? nameOf;
  return data.map((row) => ({ value: String(row.id), label: label(row) }));
}

export function useOptions(source: PickerSource, search: string) {
  const query = source.query ?? {};
  return useQuery({
    queryKey: devicesKeys.options(source.endpoint, query, search),
    queryFn: ({ signal }) => getOptions(source, search, signal),
    placeholderData: keepPreviousData,
  });
}
