import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@netfleet/contracts';
import {
  useOptions,
  useOptionsById,
  type PickerOption,
  type PickerSource,
} from '../api/get-options';

/**
 * A server-searched picker's options: the search's matches, plus every selected value with its
 * name (remembered when picked, else read by id), so chips and the box keep their labels.
 */
export function usePickerOptions(source: PickerSource, selected: readonly string[]) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<PickerOption[]>([]);
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const known = (value: string) => chosen.some((option) => option.value === value);
  // A single select shows the chosen name in its box; that is not a search.
  const term = chosen.some((option) => option.label === debounced) ? '' : debounced.trim();
  const matches = useOptions(source, term);
  const unknown = selected.filter((value) => !known(value));
  const named = useOptionsById(source, unknown).data ?? [];
  const listed = matches.data ?? [];
  const extra = [...chosen, ...named].filter(
    (option, index, all) =>
      selected.includes(option.value) &&
      !listed.some((match) => match.value === option.value) &&
      all.findIndex((other) => other.value === option.value) === index,
  );
  const data = [...listed, ...extra];
  return {
    data,
    search,
    setSearch,
    loading: matches.isFetching,
    /** Keeps the names of the values now selected. */
    remember: (values: readonly string[]) =>
      setChosen(data.filter((option) => values.includes(option.value))),
  };
}
