import { Table } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { DataRow, type RowSelection } from './data-table-body';
import type { DataTableColumn, TableRow } from './types';

/** Pages longer than this render only the rows in view (pages go up to 1000 rows). */
export const VIRTUAL_ROW_THRESHOLD = 100;

/** A Mantine table row at the default spacing; real heights are measured once rendered. */
const ROW_ESTIMATE_PX = 41;
const OVERSCAN_ROWS = 10;

function Spacer({ height, span }: { height: number; span: number }) {
  if (height <= 0) return null;
  return (
    <Table.Tr aria-hidden style={{ height }}>
      <Table.Td colSpan={span} p={0} style={{ border: 0 }} />
    </Table.Tr>
  );
}

interface VirtualRowsProps<T extends TableRow> {
  rows: readonly T[];
  columns: readonly DataTableColumn<T>[];
  span: number;
  /** The element scrolling the rows; null until it is mounted. */
  scroller: HTMLElement | null;
  onRowClick?: (row: T) => void;
  selection?: RowSelection;
}

/**
 * Renders the rows in view between two spacer rows, so the rows stay real table rows: the
 * header keeps sticking and the columns keep the table's layout.
 */
export function VirtualRows<T extends TableRow>({
  rows,
  columns,
  span,
  scroller,
  onRowClick,
  selection,
}: VirtualRowsProps<T>) {
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller,
    estimateSize: () => ROW_ESTIMATE_PX,
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: OVERSCAN_ROWS,
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <>
      <Spacer height={before} span={span} />
      {items.map((item) => {
        const row = rows[item.index];
        if (!row) return null;
        return (
          <DataRow
            key={item.key}
            row={row}
            columns={columns}
            onRowClick={onRowClick}
            selection={selection}
            index={item.index}
            rowRef={virtualizer.measureElement}
          />
        );
      })}
      <Spacer height={after} span={span} />
    </>
  );
}
