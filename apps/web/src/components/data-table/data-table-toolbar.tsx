import type { ReactNode } from 'react';
import { Group } from '@mantine/core';
import { DataTableSearch } from './data-table-search';

interface DataTableToolbarProps {
  q: string | undefined;
  onSearch: (q: string) => void;
  searchPlaceholder: string;
  searchable: boolean;
  /** Page-specific filters (selects, toggles) shown next to the search box. */
  filters?: ReactNode;
}

export function DataTableToolbar({
  q,
  onSearch,
  searchPlaceholder,
  searchable,
  filters,
}: DataTableToolbarProps) {
  return (
    <Group gap="sm" align="flex-end">
      {searchable && (
        <DataTableSearch value={q} onSearch={onSearch} placeholder={searchPlaceholder} />
      )}
      {filters}
    </Group>
  );
}
