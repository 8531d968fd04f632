import { Loader, MultiSelect, type MultiSelectProps, type OptionsFilter } from '@mantine/core';
import type { PickerSource } from '../api/get-options';
import { usePickerOptions } from './use-picker-options';

// The server already searched: the options are the matches.
const serverFiltered: OptionsFilter = ({ options }) => options;

type RemoteMultiSelectProps = {
  source: PickerSource;
  value: readonly number[];
  onChange: (ids: number[]) => void;
} & Omit<
  MultiSelectProps,
  'data' | 'value' | 'onChange' | 'searchable' | 'searchValue' | 'onSearchChange' | 'filter'
>;

/** Picks several API rows (devices, tags, companies) by id; typing searches the server. */
export function RemoteMultiSelect({ source, value, onChange, ...props }: RemoteMultiSelectProps) {
  const selected = value.map(String);
  const options = usePickerOptions(source, selected);
  return (
    <MultiSelect
      {...props}
      data={options.data}
      value={selected}
      searchable
      searchValue={options.search}
      onSearchChange={options.setSearch}
      filter={serverFiltered}
      rightSection={options.loading ? <Loader size="xs" /> : undefined}
      onChange={(next) => {
        options.remember(next);
        onChange(next.map(Number));
      }}
    />
  );
}
