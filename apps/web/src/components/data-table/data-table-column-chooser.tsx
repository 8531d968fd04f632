import { Button, Menu } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import { columnLabel } from './columns';
import { DATA_TABLE_TEXTS as T } from './texts';
import type { DataTableColumn } from './types';

interface ColumnChooserProps<T> {
  columns: readonly DataTableColumn<T>[];
  visible: readonly DataTableColumn<T>[];
  onChange: (key: string, visible: boolean) => void;
}

/** Ticks for the hideable columns; the last shown column cannot be hidden (an empty table says nothing). */
export function ColumnChooser<T>({ columns, visible, onChange }: ColumnChooserProps<T>) {
  const shown = new Set(visible.map((column) => column.key));
  const lastShown = visible.length <= 1;
  return (
    <Menu position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>
        <Button variant="default" size="xs" leftSection={<IconColumns size={16} aria-hidden />}>
          {T.columns}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{T.columns}</Menu.Label>
        {columns.map((column) => {
          const checked = shown.has(column.key);
          return (
            <Menu.CheckboxItem
              key={column.key}
              checked={checked}
              disabled={checked && lastShown}
              onChange={(next) => onChange(column.key, next)}
            >
              {columnLabel(column)}
            </Menu.CheckboxItem>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
