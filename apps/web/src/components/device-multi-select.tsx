import { Loader, MultiSelect, type MultiSelectProps, type OptionsFilter } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@netfleet/contracts';

// The server already searched: the options are the matches.
const serverFiltered: OptionsFilter = ({ options }) => options;

export interface Pickable {
  id: number;
  name: string;
}

export type DeviceMultiSelectProps<T extends Pickable> = {
  value: readonly T[];
  onChange: (devices: T[]) => void;
  /** The feature's device search (GET /devices?q=), with the fields it needs of each device. */
  useSearch: (search: string) => { data?: T[] | undefined; isFetching: boolean };
} & Omit<
  MultiSelectProps,
  'data' | 'value' | 'onChange' | 'searchable' | 'searchValue' | 'onSearchChange' | 'filter'
>;

/**
 * Picks devices, searched on the server; the chosen ones are given whole (what the feature checks
 * of them, model or firmware, comes with them) and stay listed whatever the search.
 */
export function DeviceMultiSelect<T extends Pickable>({
  value,
  onChange,
  useSearch,
  ...props
}: DeviceMultiSelectProps<T>) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const matches = useSearch(debounced.trim());
  const listed = matches.data ?? [];
  const known = [...listed, ...value.filter((device) => !listed.some((m) => m.id === device.id))];
  return (
    <MultiSelect
      {...props}
      data={known.map((device) => ({ value: String(device.id), label: device.name }))}
      value={value.map((device) => String(device.id))}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={serverFiltered}
      rightSection={matches.isFetching ? <Loader size="xs" /> : undefined}
      onChange={(ids) =>
        onChange(ids.flatMap((id) => known.find((device) => String(device.id) === id) ?? []))
      }
    />
  );
}
