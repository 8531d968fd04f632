import { Select, type OptionsFilter } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@netfleet/contracts';
import type { Query } from '@/lib/api-client';
import { usePickerOptions, type PickerOption } from '../api/get-options';
import { VPN_TEXTS as T } from '../texts';

// The server already searched: the options are the matches.
const serverFiltered: OptionsFilter = ({ options }) => options;

interface DevicePickerProps {
  value: number | undefined;
  /** The device and its name (a quick hub is named after it). */
  onChange: (device: PickerOption | null) => void;
  /** Filters of the search ({ company_id }); none searched until given. */
  query: Query | undefined;
  /** The starting device, named before any search lists it. */
  known?: PickerOption | undefined;
  label?: string;
  description?: string;
  error?: string | boolean | undefined;
}

/** Picks one device the user can see, searched on the server (spec §7 pickers). */
export function DevicePicker({
  value,
  onChange,
  query,
  known,
  label = T.device,
  description,
  error,
}: DevicePickerProps) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<PickerOption | null>(known ?? null);
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  // The box shows the chosen device's name; that is not a search.
  const term = debounced === chosen?.label ? '' : debounced;
  const listed =
    usePickerOptions({ endpoint: '/devices', labelField: 'name', query }, term, query !== undefined)
      .data ?? [];
  const data =
    chosen && !listed.some((option) => option.value === chosen.value)
      ? [chosen, ...listed]
      : listed;
  return (
    <Select
      label={label}
      description={description}
      required
      placeholder={T.searchDevices}
      data={data}
      value={value === undefined ? null : String(value)}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={serverFiltered}
      nothingFoundMessage={T.noDevices}
      error={error}
      onChange={(_next, option) => {
        const picked = option ? { value: option.value, label: option.label } : null;
        setChosen(picked);
        onChange(picked);
      }}
    />
  );
}
