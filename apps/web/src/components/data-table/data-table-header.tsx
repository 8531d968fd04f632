import { Checkbox, Group, Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { parseSort } from '@netfleet/contracts';
import { pinnedStyle } from './columns';
import { DataTableFilterRow } from './data-table-filters';
import { DATA_TABLE_TEXTS as T } from './texts';
import type { DataTableColumn } from './types';

type Direction = 'ascending' | 'descending' | 'none';

function directionOf(sort: string | undefined, key: string): Direction {
  // Only the primary sort field is shown; ARIA allows one sorted header at a time.
  const first = parseSort(sort)[0];
  if (first?.field !== key) return 'none';
  return first.desc ? 'descending' : 'ascending';
}

const ICONS = { ascending: IconArrowUp, descending: IconArrowDown, none: IconArrowsSort };

/** Width of the row selection column. */
export const SELECT_COLUMN_WIDTH = 40;

export interface HeaderSelection {
  all: boolean;
  some: boolean;
  /** No rows on the page to select. */
  disabled: boolean;
  onToggleAll: (checked: boolean) => void;
}

interface DataTableHeaderProps<T> {
  columns: readonly DataTableColumn<T>[];
  sort: string | undefined;
  onSort: (field: string) => void;
  selection?: HeaderSelection;
  filterValues: Readonly<Record<string, string>>;
  onFilter: (param: string, value: string | null) => void;
}

function SortableHeader<T>({
  column,
  sort,
  onSort,
}: {
  column: DataTableColumn<T>;
  sort: string | undefined;
  onSort: (field: string) => void;
}) {
  const direction = directionOf(sort, column.key);
  const Icon = ICONS[direction];
  return (
    <Table.Th w={column.width} aria-sort={direction} style={pinnedStyle(column, 'header')}>
      {/* A native button gives Enter/Space toggling and focus for free. */}
      <UnstyledButton onClick={() => onSort(column.key)} fw={700} fz="inherit">
        <Group gap={4} wrap="nowrap">
          {column.header}
          <Icon size={14} aria-hidden opacity={direction === 'none' ? 0.4 : 1} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

export function DataTableHeader<T>({
  columns,
  sort,
  onSort,
  selection,
  filterValues,
  onFilter,
}: DataTableHeaderProps<T>) {
  return (
    <Table.Thead>
      <Table.Tr>
        {selection && (
          <Table.Th w={SELECT_COLUMN_WIDTH}>
            <Checkbox
              size="xs"
              aria-label={T.selectAllOnPage}
              checked={selection.all}
              indeterminate={selection.some && !selection.all}
              disabled={selection.disabled}
              onChange={(event) => selection.onToggleAll(event.currentTarget.checked)}
            />
          </Table.Th>
        )}
        {columns.map((column) =>
          column.sortable ? (
            <SortableHeader key={column.key} column={column} sort={sort} onSort={onSort} />
          ) : (
            <Table.Th key={column.key} w={column.width} style={pinnedStyle(column, 'header')}>
              {column.header}
            </Table.Th>
          ),
        )}
      </Table.Tr>
      {columns.some((column) => column.filter) && (
        <DataTableFilterRow
          columns={columns}
          values={filterValues}
          onFilter={onFilter}
          selectable={Boolean(selection)}
        />
      )}
    </Table.Thead>
  );
}
