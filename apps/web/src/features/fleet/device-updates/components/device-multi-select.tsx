import { Loader, MultiSelect, type MultiSelectProps, type OptionsFilter } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@netfleet/contracts';
import { useDeviceSearch, type DevicePick } from '../api/get-devices';

// The server already searched: the options are the matches.
const serverFiltered: OptionsFilter = ({ options }) => options;

type DeviceMultiSelectProps = {
  value: readonly DevicePick[];
  onChange: (devices: DevicePick[]) => void;
} & Omit<
  MultiSelectProps,
  'data' | 'value' | 'onChange' | 'searchable' | 'searchValue' | 'onSearchChange' | 'filter'
>;

/**
 * Picks devices, searched on the server; the chosen ones are given whole (their model is checked
 * against the file's) and stay listed whatever the search.
 */
export function DeviceMultiSelect({ value, onChange, ...props }: DeviceMultiSelectProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const matches = useDeviceSearch(debounced.trim());
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
