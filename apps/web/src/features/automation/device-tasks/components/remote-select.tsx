import { Loader, Select, type OptionsFilter, type SelectProps } from '@mantine/core';
import type { PickerSource } from '../api/get-options';
import { usePickerOptions } from './use-picker-options';

const serverFiltered: OptionsFilter = ({ options }) => options;

type RemoteSelectProps = {
  source: PickerSource;
  value: number | null;
  onChange: (id: number | null) => void;
} & Omit<
  SelectProps,
  'data' | 'value' | 'onChange' | 'searchable' | 'searchValue' | 'onSearchChange' | 'filter'
>;

/** Picks one API row (a file) by id; typing searches the server. */
export function RemoteSelect({ source, value, onChange, ...props }: RemoteSelectProps) {
  const selected = value === null ? null : String(value);
  const options = usePickerOptions(source, selected === null ? [] : [selected]);
  return (
    <Select
      {...props}
      data={options.data}
      value={selected}
      searchable
      searchValue={options.search}
      onSearchChange={options.setSearch}
      filter={serverFiltered}
      rightSection={options.loading ? <Loader size="xs" /> : undefined}
      onChange={(next) => {
        options.remember(next === null ? [] : [next]);
        onChange(next === null ? null : Number(next));
      }}
    />
  );
}
