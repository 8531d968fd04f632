import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type Query } from '@/lib/api-client';
import { vpnKeys } from './keys';

/** Spec §7 picker size; typing searches the rest on the server. */
export const PICKER_LIMIT = 100;

export interface PickerSource {
  endpoint: '/devices' | '/users' | '/tags';
  /** Fixed query parameters ({ company_id: 3 }). */
  query?: Query;
  /** The field a row is shown by. */
  labelField: 'name' | 'email';
}

export interface PickerOption {
  value: string;
  label: string;
}

type PickerRow = { id: number } & Partial<Record<'name' | 'email', string>>;

/** GET {endpoint}?q=&limit=100: the rows matching a search, as options. */
export function usePickerOptions(source: PickerSource, search: string, enabled = true) {
  const fixed = source.query ?? {};
  return useQuery({
    queryKey: vpnKeys.options(source.endpoint, search, JSON.stringify(fixed)),
    queryFn: async ({ signal }): Promise<PickerOption[]> => {
      const { data } = await api.get<PickerRow[]>(source.endpoint, {
        query: {
          ...fixed,
          q: search.trim() || undefined,
          limit: PICKER_LIMIT,
          fields: `id,${source.labelField}`,
        },
        signal,
      });
      return data.map((row) => ({
        value: String(row.id),
        label: row[source.labelField] ?? `#${row.id}`,
      }));
    },
    placeholderData: keepPreviousData,
    enabled,
  });
}
