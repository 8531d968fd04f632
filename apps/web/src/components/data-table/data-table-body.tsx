import type { KeyboardEvent, ReactNode } from 'react';
import { Button, Skeleton, Stack, Table, Text } from '@mantine/core';
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

function defaultCell(value: unknown): ReactNode {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

interface DataRowsProps<T extends TableRow> {
  rows: readonly T[];
  columns: readonly DataTableColumn<T>[];
  onRowClick?: (row: T) => void;
}

export function DataRows<T extends TableRow>({ rows, columns, onRowClick }: DataRowsProps<T>) {
  return rows.map((row) => {
    // Clickable rows are reachable and activatable from the keyboard like buttons.
    const interactive = onRowClick
      ? {
          tabIndex: 0,
          style: { cursor: 'pointer' },
          onClick: () => onRowClick(row),
          onKeyDown: (event: KeyboardEvent) => {
            if (event.key === 'Enter' || event.key === ' ') {
              event.preventDefault();
              onRowClick(row);
            }
          },
        }
      : {};
    return (
      <Table.Tr key={row.id} {...interactive}>
        {columns.map((column) => (
          <Table.Td key={column.key}>
            {column.render
              ? column.render(row)
              : defaultCell((row as Record<string, unknown>)[column.key])}
          </Table.Td>
        ))}
      </Table.Tr>
    );
  });
}
