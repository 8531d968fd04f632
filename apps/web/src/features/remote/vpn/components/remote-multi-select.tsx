import { Loader, MultiSelect, type MultiSelectProps, type OptionsFilter } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@netfleet/contracts';
import { usePickerOptions, type PickerOption, type PickerSource } from '../api/get-options';

// The server already searched: the options are the matches.
const serverFiltered: OptionsFilter = ({ options }) => options;

type RemoteMultiSelectProps = {
  source: PickerSource;
  value: readonly number[];
  onChange: (ids: number[]) => void;
  /** The chosen options with their labels (to name them in messages later). */
  onOptionsChosen?: (options: PickerOption[]) => void;
  /** Options of the starting value, named before any search lists them. */
  known?: readonly PickerOption[];
} & Omit<
  MultiSelectProps,
  'data' | 'value' | 'onChange' | 'searchable' | 'searchValue' | 'onSearchChange' | 'filter'
>;

/**
 * Picks several devices, users or tags by id (spec §7 pickers: 100 at a time, typing searches the
 * server); the chosen ones stay listed whatever the search.
 */
export function RemoteMultiSelect({
  source,
  value,
  onChange,
  onOptionsChosen,
  known = [],
  ...props
}: RemoteMultiSelectProps) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<readonly PickerOption[]>(known);
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const matches = usePickerOptions(source, debounced);
  const listed = matches.data ?? [];
  const data = [...listed, ...chosen.filter((c) => !listed.some((l) => l.value === c.value))];
  return (
    <MultiSelect
      {...props}
      data={data}
      value={value.map(String)}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={serverFiltered}
      rightSection={matches.isFetching ? <Loader size="xs" /> : undefined}
      onChange={(ids) => {
        const options = data.filter((option) => ids.includes(option.value));
        setChosen(options);
        onOptionsChosen?.(options);
        onChange(ids.map(Number));
      }}
    />
  );
}
