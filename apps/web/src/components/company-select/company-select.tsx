import { Select, type OptionsFilter, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { COMPANY_SELECT_TEXTS as T } from './texts';
import { useCompanyOption, useCompanyOptions, type CompanyOption } from './use-company-options';

const SEARCH_DEBOUNCE_MS = 300;

// The server already searched: the options are the matches.
const serverFiltered: OptionsFilter = ({ options }) => options;

type PassedSelectProps = Omit<
  SelectProps,
  'data' | 'value' | 'onChange' | 'searchable' | 'searchValue' | 'onSearchChange' | 'filter'
>;

export interface CompanySelectProps extends PassedSelectProps {
  /** The chosen company id, or null for none. */
  value: string | null;
  onChange: (companyId: string | null) => void;
  /** Always offered (the user's own company), so it shows before, or without, the list. */
  fallback?: CompanyOption;
  /** Listing companies needs view_companies; without it only the fallback is offered. */
  searchable?: boolean;
}

/** Picks one of the companies the user can see, searched on the server (spec §7 pickers). */
export function CompanySelect({
  value,
  onChange,
  fallback,
  searchable = true,
  nothingFoundMessage = T.noCompanies,
  ...props
}: CompanySelectProps) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<CompanyOption | null>(null);
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const known = [chosen, fallback].find((option) => option && option.value === value);
  // A value from the URL names a company that may be beyond the first page: ask for its name.
  const named = useCompanyOption(value, searchable && !known).data ?? undefined;
  const selected = known ?? named;
  // The box shows the chosen company's name; that is not a search.
  const term = debounced === selected?.label ? '' : debounced.trim();
  const listed = useCompanyOptions(term, searchable).data ?? [];
  const data = [selected, fallback].reduce<CompanyOption[]>(
    (options, extra) =>
      !extra || options.some((option) => option.value === extra.value)
        ? options
        : [...options, extra],
    listed,
  );
  return (
    <Select
      {...props}
      data={data}
      value={value}
      onChange={(next, option) => {
        setChosen(option ? { value: option.value, label: option.label } : null);
        onChange(next);
      }}
      searchable={searchable}
      searchValue={search}
      onSearchChange={setSearch}
      filter={serverFiltered}
      nothingFoundMessage={nothingFoundMessage}
    />
  );
}

interface CompanyFilterProps extends Omit<CompanySelectProps, 'value'> {
  /** The list's company_id filter; absent shows every company's rows. */
  value: string | undefined;
}

/** A list's `company_id` filter, clearable. */
export function CompanyFilter({ value, ...props }: CompanyFilterProps) {
  return (
    <CompanySelect
      aria-label={T.filterLabel}
      placeholder={T.allCompanies}
      clearable
      w={220}
      {...props}
      value={value ?? null}
    />
  );
}
