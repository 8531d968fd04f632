import { Select, type OptionsFilter } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useCompanyOption } from '../api/get-company-option';
import { useCompanyOptions } from '../api/get-company-options';

const SEARCH_DEBOUNCE_MS = 300;

// The server already searched.
const serverFiltered: OptionsFilter = ({ options }) => options;

interface CompanyFilterProps {
  value: string | undefined;
  onChange: (companyId: string | null) => void;
}

/** The `company_id` filter: companies searched on the server. */
export function CompanyFilter({ value, onChange }: CompanyFilterProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const selected = useCompanyOption(value).data ?? undefined;
  // The box shows the chosen company's name; that is not a search.
  const term = debounced === selected?.label ? '' : debounced;
  const companies = useCompanyOptions(term);
  const listed = companies.data ?? [];
  const data =
    selected && !listed.some((option) => option.value === selected.value)
      ? [...listed, selected]
      : listed;
  return (
    <Select
      aria-label="Filter by company"
      placeholder="All companies"
      data={data}
      value={value ?? null}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={serverFiltered}
      clearable
      nothingFoundMessage="No companies found"
      w={220}
    />
  );
}
