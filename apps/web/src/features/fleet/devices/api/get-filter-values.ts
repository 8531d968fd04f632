import { useQuery } from '@tanstack/react-query';
import { PICKER_PAGE_SIZE, STATISTICS_UNKNOWN } from '@netfleet/contracts';
import { api } from '@/lib/api-client';
import { devicesKeys } from './keys';

/** The text fields offered as filter pickers; their values come from the fleet itself. */
export const VALUE_FILTERS = [
  'model',
  'firmware',
  'connection_type',
  'operator',
  'wan_state',
] as const;
export type ValueFilter = (typeof VALUE_FILTERS)[number];

export type FilterValues = Record<ValueFilter, { value: string; label: string }[]>;

/** RMS's statistics shape: per chart, device counts by value, most common first. */
type Counts = Partial<Record<string, Record<string, number>>>;

/** Fleet-wide values change slowly; one aggregate per five minutes is plenty. */
const FILTER_VALUES_STALE_MS = 5 * 60_000;

export async function getFilterValues(signal?: AbortSignal): Promise<FilterValues> {
  const { data } = await api.get<Counts>('/devices/statistics', {
    query: { charts: VALUE_FILTERS.join(','), limit: PICKER_PAGE_SIZE },
    signal,
  });
  const values = {} as FilterValues;
  for (const field of VALUE_FILTERS) {
    values[field] = Object.entries(data[field] ?? {})
      .filter(([value]) => value !== STATISTICS_UNKNOWN && value !== '')
      .map(([value, count]) => ({ value, label: `${value} (${count})` }));
  }
  return values;
}

/**
 * The most common values of each filterable text field (a picker page of them). The
 * aggregate reads the whole fleet (about a second at 100k devices), so it waits until `enabled`:
 * a picker opened, not every visit of the table.
 */
export function useFilterValues(enabled: boolean) {
  return useQuery({
    queryKey: devicesKeys.filterValues(),
    queryFn: ({ signal }) => getFilterValues(signal),
    staleTime: FILTER_VALUES_STALE_MS,
    enabled,
  });
}
