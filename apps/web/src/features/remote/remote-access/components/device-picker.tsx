import { Select, type OptionsFilter } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@netfleet/contracts';
import { useDeviceOptions, type DeviceOption } from '../api/get-device-options';
import { REMOTE_ACCESS_TEXTS as T } from '../texts';

// The server already searched: the options are the matches.
const serverFiltered: OptionsFilter = ({ options }) => options;

interface DevicePickerProps {
  value: number | undefined;
  onChange: (deviceId: number | undefined) => void;
  /** The device chosen before (an edited rule's), shown before the list loads. */
  initial?: DeviceOption;
  /** The page names the device (its own tab): the picker only shows it. */
  disabled?: boolean;
  error?: string | boolean;
  onBlur?: () => void;
}

/** Picks one of the devices the user can see, searched on the server (spec §7 pickers). */
export function DevicePicker({
  value,
  onChange,
  initial,
  disabled = false,
  error,
  onBlur,
}: DevicePickerProps) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<DeviceOption | null>(initial ?? null);
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const selected = value === undefined ? null : String(value);
  // The box shows the chosen device's name; that is not a search.
  const term = debounced === chosen?.label ? '' : debounced;
  const listed = useDeviceOptions(term, !disabled).data ?? [];
  const data =
    chosen && !listed.some((option) => option.value === chosen.value)
      ? [chosen, ...listed]
      : listed;
  return (
    <Select
      label={T.device}
      required
      placeholder={T.searchDevices}
      data={data}
      value={selected}
      disabled={disabled}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={serverFiltered}
      nothingFoundMessage={T.noDevices}
      error={error}
      onBlur={onBlur}
      onChange={(next, option) => {
        setChosen(option ? { value: option.value, label: option.label } : null);
        onChange(next === null ? undefined : Number(next));
      }}
    />
  );
}
