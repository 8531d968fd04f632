import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type Query } from '@/lib/api-client';
import { deviceTasksKeys } from './keys';

/** Spec §7 picker size; typing searches the rest on the server. */
const OPTIONS_LIMIT = 100;

export interface PickerOption {
  value: string;
  label: string;
}

export interface PickerSource {
  endpoint: string;
  /** Fixed query parameters: { type: ['firmware', 'global_firmware'] }, { company_id: 3 }. */
  query?: Query;
  /** Fewer than a picker's 100 where each row is costly (devices). */
  limit?: number;
  /** An option's text; the row's name by default (a file may add that it is global). */
  label?: (row: PickerRow) => string;
}

/** Every list answers ids and names; the other fields depend on the endpoint. */
export type PickerRow = { id: number; name: string } & Record<string, unknown>;

const toOptions = (
  rows: PickerRow[],
  label: (row: PickerRow) => string = (row) => row.name,
): PickerOption[] => rows.map((row) => ({ value: String(row.id), label: label(row) }));

/** GET {endpoint}?limit=&q=: the rows matching a search, as options. */
export function useOptions(source: PickerSource, search: string) {
  const query = source.query ?? {};
  return useQuery({
    queryKey: deviceTasksKeys.options(source.endpoint, query, search),
    queryFn: async ({ signal }) => {
      const { data } = await api.get<PickerRow[]>(source.endpoint, {
        query: { limit: source.limit ?? OPTIONS_LIMIT, ...query, q: search || undefined },
        signal,
      });
      return toOptions(data, source.label);
    },
    placeholderData: keepPreviousData,
  });
}

/** GET {endpoint}?id=1,2: the names of values chosen before (a saved group's tags), by id. */
export function useOptionsById(source: PickerSource, ids: readonly string[]) {
  return useQuery({
    queryKey: deviceTasksKeys.optionsById(source.endpoint, source.query ?? {}, ids),
    queryFn: async ({ signal }) => {
      const { data } = await api.get<PickerRow[]>(source.endpoint, {
        query: { ...source.query, id: ids.join(','), limit: ids.length },
        signal,
      });
      return toOptions(data, source.label);
    },
    enabled: ids.length > 0,
    staleTime: 60_000,
  });
}
