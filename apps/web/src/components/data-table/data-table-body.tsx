import { memo, type Key, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { Button, Checkbox, Skeleton, Stack, Table, Text } from '@mantine/core';
import { pinnedStyle, rawValue, valueText } from './columns';
import { DATA_TABLE_TEXTS as T } from './texts';
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
          {T.retry}
        </Button>
      </Stack>
    </FullWidthRow>
  );
}

export interface RowSelection {
  /** Ids of the rows ticked on the page. */
  ids: ReadonlySet<Key>;
  /** Stable for as long as the query is, so memoised rows are not re-rendered by a tick. */
  onToggle: (row: TableRow, checked: boolean) => void;
}

export interface DataRowProps<T extends TableRow> {
  row: T;
  columns: readonly DataTableColumn<T>[];
  /** Must be stable across renders (the table passes a stable one) to keep rows memoised. */
  onRowClick?: (row: T) => void;
  /** Present when rows are selectable; `selected` then says whether this one is ticked. */
  onToggle?: RowSelection['onToggle'];
  selected?: boolean;
  /** Set by the virtualiser to measure the rendered row. */
  rowRef?: (element: HTMLTableRowElement | null) => void;
  index?: number;
  /** Fixed height in px, for one-line rows that the virtualiser does not measure one by one. */
  height?: number;
}

// Cells are plain <td>s with Mantine's own class rather than Table.Td, which is a Box (style props,
// theme and context lookups, class merging) per cell: a virtualised table mounts rows on every
// scroll frame, a dozen cells each. DataTable sets no Table option that styles cells otherwise.
const CELL_CLASS = Table.classes.td;
/**
 * Rows of a fixed height are one line in a fixed table layout: a value wider than its column is
 * cut with an ellipsis instead of running over the next cell.
 */
const ONE_LINE_CELL = { overflow: 'hidden', textOverflow: 'ellipsis' } as const;

/** Keeps a click on the checkbox from also activating the row. */
const stopPropagation = (event: MouseEvent) => event.stopPropagation();

function DataRowView<T extends TableRow>({
  row,
  columns,
  onRowClick,
  onToggle,
  selected = false,
  rowRef,
  index,
  height,
}: DataRowProps<T>) {
  // Clickable rows are reachable and activatable from the keyboard like buttons.
  const interactive = onRowClick
    ? {
        tabIndex: 0,
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
  const cellStyle = height === undefined ? undefined : ONE_LINE_CELL;
  return (
    <Table.Tr
      ref={rowRef}
      data-index={index}
      aria-selected={onToggle ? selected : undefined}
      style={{ cursor: onRowClick ? 'pointer' : undefined, height }}
      {...interactive}
    >
      {onToggle && (
        <td className={CELL_CLASS} onClick={stopPropagation}>
          <Checkbox
            size="xs"
            aria-label={T.selectRow(String(row.id))}
            checked={selected}
            onChange={(event) => onToggle(row, event.currentTarget.checked)}
          />
        </td>
      )}
      {columns.map((column) => (
        <td
          key={column.key}
          className={CELL_CLASS}
          style={column.pinned ? { ...cellStyle, ...pinnedStyle(column, 'cell') } : cellStyle}
        >
          {column.render ? column.render(row) : valueText(rawValue(row, column.key))}
        </td>
      ))}
    </Table.Tr>
  );
}

/**
 * One data row, re-rendered only when its own props change: scrolling a virtualised page, ticking
 * another row or a live patch of another row (which keeps this row's object) leaves it alone.
 */
export const DataRow = memo(DataRowView) as typeof DataRowView;

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
      onToggle={selection?.onToggle}
      selected={selection?.ids.has(row.id)}
    />
  ));
}
