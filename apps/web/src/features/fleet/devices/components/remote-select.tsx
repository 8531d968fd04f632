import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useOptions, type PickerOption, type PickerSource } from '../api/get-options';
import { DEVICE_TEXTS } from '../texts';

const SEARCH_DEBOUNCE_MS = 300;

type RemoteSelectProps = {
  source: PickerSource;
  value: string | null | undefined;
  onChange: (value: string | null) => void;
} & Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'>;

/** A searchable pick of API rows (companies, tags, files…); typing searches the server. */
export function RemoteSelect({ source, value, onChange, ...props }: RemoteSelectProps) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<PickerOption | null>(null);
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  // The chosen name shown in the box is not a search.
  const term = chosen && debounced === chosen.label ? '' : debounced.trim();
  const options = useOptions(source, term);
  const data = options.data ?? [];
  // Keep the chosen option listed while a search shows others, so its label stays in the box.
  const listed = chosen && chosen.value === value && !data.some((o) => o.value === value);
  return (
    <Select
      data={listed ? [...data, chosen] : data}
      value={value ?? null}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={DEVICE_TEXTS.nothingFound}
      onChange={(next, option) => {
        setChosen(option ? { value: option.value, label: option.label } : null);
        onChange(next);
      }}
      {...props}
    />
  );
}
