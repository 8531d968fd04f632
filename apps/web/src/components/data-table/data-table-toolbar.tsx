import type { ReactNode } from 'react';
import { Group } from '@mantine/core';
import { DataTableSearch } from './data-table-search';

interface DataTableToolbarProps {
  q: string | undefined;
  onSearch: (q: string) => void;
  searchPlaceholder: string;
  searchable: boolean;
  /** The `search-fields` chooser, next to the search box. */
  searchFields?: ReactNode;
  /** Page-specific filters (selects, toggles) shown next to the search box. */
  filters?: ReactNode;
  /** Table-wide tools on the right: column chooser, export. */
  tools?: ReactNode;
}

export function DataTableToolbar({
  q,
  onSearch,
  searchPlaceholder,
  searchable,
  searchFields,
  filters,
  tools,
}: DataTableToolbarProps) {
  return (
    <Group gap="sm" align="flex-end" justify="space-between">
      <Group gap="sm" align="flex-end">
        {searchable && (
          <DataTableSearch value={q} onSearch={onSearch} placeholder={searchPlaceholder} />
        )}
        {searchable && searchFields}
        {filters}
      </Group>
      {tools && <Group gap="xs">{tools}</Group>}
    </Group>
  );
}
