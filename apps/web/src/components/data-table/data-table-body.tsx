import type { KeyboardEvent, ReactNode } from 'react';
import { Button, Checkbox, Skeleton, Stack, Table, Text } from '@mantine/core';
import { rawValue, valueText } from './columns';
import type { DataTableColumn, TableRow } from './types';

/** Enough placeholder rows to hold the layout without filling a tall page with grey bars. */
const SKELETON_ROWS = 5;

function FullWidthRow({ span, children }: { span: number; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={span}>{children}</Table.Td>
    </Table.Tr>
  );
}

export function SkeletonRows({ span }: { span: number }) {
  return Array.from({ length: SKELETON_ROWS }, (_, row) => (
    <Table.Tr key={row} data-testid="data-table-skeleton">
      {Array.from({ length: span }, (__, cell) => (
        <Table.Td key={cell}>
          <Skeleton height={12} radius="sm" />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}

export function EmptyRow({ span, message }: { span: number; message: string }) {
  return (
    <FullWidthRow span={span}>
      <Text ta="center" c="dimmed" py="xl">
        {message}
      </Text>
    </FullWidthRow>
  );
}

export function ErrorRow({
  span,
  message,
  onRetry,
}: {
  span: number;
  message: string;
  onRetry: () => void;
}) {
  return (
    <FullWidthRow span={span}>
      <Stack align="center" gap="xs" py="xl" role="alert">
        <Text c="red">{message}</Text>
        <Button variant="light" size="xs" onClick={onRetry}>
          Retry
        </Button>
      </Stack>
    </FullWidthRow>
  );
}

export interface RowSelection {
  isSelected: (row: TableRow) => boolean;
  onToggle: (row: TableRow, checked: boolean) => void;
}

export interface DataRowProps<T extends TableRow> {
  row: T;
  columns: readonly DataTableColumn<T>[];
  onRowClick?: (row: T) => void;
  selection?: RowSelection;
  /** Set by the virtualiser to measure the rendered row. */
  rowRef?: (element: HTMLTableRowElement | null) => void;
  index?: number;
}

export function DataRow<T extends TableRow>({
  row,
  columns,
  onRowClick,
  selection,
  rowRef,
  index,
}: DataRowProps<T>) {
  // Clickable rows are reachable and activatable from the keyboard like buttons.
  const interactive = onRowClick
    ? {
        tabIndex: 0,
        style: { cursor: 'pointer' },
        onClick: () => onRowClick(row),
        onKeyDown: (event: KeyboardEvent) => {
          if (
            event.target === event.currentTarget &&
            (event.key === 'Enter' || event.key === ' ')
          ) {
            event.preventDefault();
            onRowClick(row);
          }
        },
      }
    : {};
  const selected = selection?.isSelected(row) ?? false;
  return (
    <Table.Tr
      ref={rowRef}
      data-index={index}
      aria-selected={selection ? selected : undefined}
      {...interactive}
    >
      {selection && (
        // The checkbox must not also open the row.
        <Table.Td onClick={(event) => event.stopPropagation()}>
          <Checkbox
            size="xs"
            aria-label={`Select row ${row.id}`}
            checked={selected}
            onChange={(event) => selection.onToggle(row, event.currentTarget.checked)}
          />
        </Table.Td>
      )}
      {columns.map((column) => (
        <Table.Td key={column.key}>
          {column.render ? column.render(row) : valueText(rawValue(row, column.key))}
        </Table.Td>
      ))}
    </Table.Tr>
  );
}

interface DataRowsProps<T extends TableRow> {
  rows: readonly T[];
  columns: readonly DataTableColumn<T>[];
  onRowClick?: (row: T) => void;
  selection?: RowSelection;
}

export function DataRows<T extends TableRow>({
  rows,
  columns,
  onRowClick,
  selection,
}: DataRowsProps<T>) {
  return rows.map((row) => (
    <DataRow
      key={row.id}
      row={row}
      columns={columns}
      onRowClick={onRowClick}
      selection={selection}
    />
  ));
}
