import { NativeSelect, Table, TextInput } from '@mantine/core';
import { columnLabel } from './columns';
import { DATA_TABLE_TEXTS as T } from './texts';
import type { ColumnFilter, DataTableColumn } from './types';
import { useDebouncedInput } from './use-debounced-input';

interface FilterProps {
  filter: ColumnFilter;
  label: string;
  value: string | undefined;
  onChange: (value: string | null) => void;
}

function TextFilter({ label, value, onChange }: Omit<FilterProps, 'filter'>) {
  const { text, change, commit } = useDebouncedInput(value, (next) =>
    onChange(next.trim() || null),
  );
  return (
    <TextInput
      size="xs"
      aria-label={T.filterColumn(label)}
      value={text}
      onChange={(event) => change(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit(text);
      }}
    />
  );
}

function ColumnFilterInput({ filter, label, value, onChange }: FilterProps) {
  if (filter.type === 'text') return <TextFilter label={label} value={value} onChange={onChange} />;
  return (
    <NativeSelect
      size="xs"
      aria-label={T.filterColumn(label)}
      value={value ?? ''}
      data={[{ value: '', label: T.all }, ...filter.options]}
      onChange={(event) => onChange(event.currentTarget.value || null)}
    />
  );
}

interface DataTableFilterRowProps<T> {
  columns: readonly DataTableColumn<T>[];
  values: Readonly<Record<string, string>>;
  onFilter: (param: string, value: string | null) => void;
  /** The selection column has no filter but takes a cell. */
  selectable: boolean;
}

/** Under the headers, one input per filtered column; each filter is its own URL parameter. */
export function DataTableFilterRow<T>({
  columns,
  values,
  onFilter,
  selectable,
}: DataTableFilterRowProps<T>) {
  return (
    <Table.Tr>
      {selectable && <Table.Th />}
      {columns.map((column) => {
        const { filter } = column;
        if (!filter) return <Table.Th key={column.key} />;
        const param = filter.param ?? column.key;
        return (
          <Table.Th key={column.key} fw="normal">
            <ColumnFilterInput
              filter={filter}
              label={columnLabel(column)}
              value={values[param]}
              onChange={(value) => onFilter(param, value)}
            />
          </Table.Th>
        );
      })}
    </Table.Tr>
  );
}
