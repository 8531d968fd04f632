import { Select, type OptionsFilter } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { useCompanyOptions, type CompanyOption } from '../api/get-company-options';

const SEARCH_DEBOUNCE_MS = 300;

// The server already searched.
const serverFiltered: OptionsFilter = ({ options }) => options;

interface CompanySelectProps {
  value: number | undefined;
  onChange: (companyId: number | undefined) => void;
  /** Always offered (the user's own company), so it shows even when the list cannot load. */
  fallback: CompanyOption;
  error?: ReactNode;
  /** Listing companies needs view_companies; without it only the fallback is offered. */
  searchable: boolean;
}

/** The company a new custom role belongs to, searched on the server. */
export function CompanySelect({
  value,
  onChange,
  fallback,
  error,
  searchable,
}: CompanySelectProps) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<CompanyOption>(fallback);
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  // The box shows the chosen company's name; that is not a search.
  const term = debounced === chosen.label ? '' : debounced;
  const companies = useCompanyOptions(term, searchable);
  const listed = companies.data ?? [];
  const data = [fallback, chosen].reduce(
    (options, extra) =>
      options.some((option) => option.value === extra.value) ? options : [...options, extra],
    listed,
  );
  return (
    <Select
      label="Company"
      required
      data={data}
      value={value === undefined ? null : String(value)}
      onChange={(next, option) => {
        if (option) setChosen(option);
        onChange(next === null ? undefined : Number(next));
      }}
      searchable={searchable}
      searchValue={search}
      onSearchChange={setSearch}
      filter={serverFiltered}
      nothingFoundMessage="No companies found"
      error={error}
    />
  );
}
