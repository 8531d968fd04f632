import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useCompanyOptions, type CompanyOption } from '../api/get-company-options';
import { TAG_TEXTS } from '../texts';

const SEARCH_DEBOUNCE_MS = 300;

interface CompanyFilterProps {
  value: string | undefined;
  onChange: (companyId: string | null) => void;
}

/** The tags of one company: a searchable pick of the companies the user can see. */
export function CompanyFilter({ value, onChange }: CompanyFilterProps) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<CompanyOption | null>(null);
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  // The chosen name shown in the box is not a search.
  const term = chosen && debounced === chosen.label ? '' : debounced.trim();
  const options = useCompanyOptions(term);
  const data = options.data ?? [];
  const listed = chosen && chosen.value === value && !data.some((o) => o.value === value);
  return (
    <Select
      aria-label={TAG_TEXTS.companyFilter}
      placeholder={TAG_TEXTS.allCompanies}
      data={listed ? [...data, chosen] : data}
      value={value ?? null}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      clearable
      nothingFoundMessage={TAG_TEXTS.noCompanies}
      onChange={(next, option) => {
        setChosen(option ? { value: option.value, label: option.label } : null);
        onChange(next);
      }}
      w={240}
    />
  );
}
