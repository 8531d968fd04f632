import { Button, Menu } from '@mantine/core';
import { IconFilterSearch } from '@tabler/icons-react';
import { columnLabel } from './columns';
import { DATA_TABLE_TEXTS as T } from './texts';
import type { DataTableColumn } from './types';

interface SearchFieldsChooserProps<T> {
  /** The searchable columns. */
  columns: readonly DataTableColumn<T>[];
  /** From the URL; undefined searches every field. */
  value: readonly string[] | undefined;
  onChange: (fields: readonly string[] | null) => void;
}

/** Which fields `q` searches (`search-fields`); all ticked leaves the parameter out. */
export function SearchFieldsChooser<T>({ columns, value, onChange }: SearchFieldsChooserProps<T>) {
  const all = columns.map((column) => column.key);
  const chosen = new Set(value ?? all);
  const toggle = (key: string, checked: boolean) => {
    const next = all.filter((field) => (field === key ? checked : chosen.has(field)));
    onChange(next.length === all.length ? null : next);
  };
  return (
    <Menu position="bottom-start" shadow="md" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconFilterSearch size={16} aria-hidden />}
        >
          {T.searchIn}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {columns.map((column) => {
          const checked = chosen.has(column.key);
          return (
            <Menu.CheckboxItem
              key={column.key}
              checked={checked}
              // At least one field is searched.
              disabled={checked && chosen.size <= 1}
              onChange={(next) => toggle(column.key, next)}
            >
              {columnLabel(column)}
            </Menu.CheckboxItem>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
