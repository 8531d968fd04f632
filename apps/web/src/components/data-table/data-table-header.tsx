import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { parseSort } from '@netfleet/contracts';
import type { DataTableColumn } from './types';

type Direction = 'ascending' | 'descending' | 'none';

function directionOf(sort: string | undefined, key: string): Direction {
  // Only the primary sort field is shown; ARIA allows one sorted header at a time.
  const first = parseSort(sort)[0];
  if (first?.field !== key) return 'none';
  return first.desc ? 'descending' : 'ascending';
}

const ICONS = { ascending: IconArrowUp, descending: IconArrowDown, none: IconArrowsSort };

interface DataTableHeaderProps<T> {
  columns: readonly DataTableColumn<T>[];
  sort: string | undefined;
  onSort: (field: string) => void;
}

export function DataTableHeader<T>({ columns, sort, onSort }: DataTableHeaderProps<T>) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column) => {
          if (!column.sortable) {
            return (
              <Table.Th key={column.key} w={column.width}>
                {column.header}
              </Table.Th>
            );
          }
          const direction = directionOf(sort, column.key);
          const Icon = ICONS[direction];
          return (
            <Table.Th key={column.key} w={column.width} aria-sort={direction}>
              {/* A native button gives Enter/Space toggling and focus for free. */}
              <UnstyledButton onClick={() => onSort(column.key)} fw={700} fz="inherit">
                <Group gap={4} wrap="nowrap">
                  {column.header}
                  <Icon size={14} aria-hidden opacity={direction === 'none' ? 0.4 : 1} />
                </Group>
              </UnstyledButton>
            </Table.Th>
          );
        })}
      </Table.Tr>
    </Table.Thead>
  );
}
