import { useCallback, useEffect, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { DataRow, type RowSelection } from './data-table-body';
import type { DataTableColumn, TableRow } from './types';

/** Pages longer than this render only the rows in view (pages go up to 1000 rows). */
export const VIRTUAL_ROW_THRESHOLD = 100;

/** Rows that may wrap are measured as they render; until then they count as this tall. */
const ROW_ESTIMATE_PX = 41;
/**
 * A one-line row at Mantine's default spacing (a 14 px × 1.55 line, 2 × 7 px padding, a 1 px
 * border), rounded up. Set as the height of uniform rows until the first one is measured.
 */
const ONE_LINE_ROW_PX = 37;
const OVERSCAN_ROWS = 10;

/** A plain row (no Mantine border or stripe) holding the room of the rows not rendered. */
function Spacer({ height, span }: { height: number; span: number }) {
  if (height <= 0) return null;
  return (
    <tr aria-hidden style={{ height }}>
      <td colSpan={span} style={{ padding: 0, border: 0 }} />
    </tr>
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
  /**
   * Rows are one line each (`noWrap`), so all have the height of the first one: it is measured
   * once, instead of every row being measured and observed as it scrolls in.
   */
  uniformHeight?: boolean;
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
  uniformHeight = false,
}: VirtualRowsProps<T>) {
  const [rowHeight, setRowHeight] = useState(uniformHeight ? ONE_LINE_ROW_PX : ROW_ESTIMATE_PX);
  const measured = useRef(false);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller,
    estimateSize: () => rowHeight,
    // A new function would make the virtualiser recompute every row's offset on each frame.
    getItemKey: useCallback((index: number) => rows[index]?.id ?? index, [rows]),
    overscan: OVERSCAN_ROWS,
  });
  // The virtualiser keeps its offsets until told: redo them for the measured height.
  useEffect(() => {
    if (measured.current) virtualizer.measure();
  }, [virtualizer, rowHeight]);
  // Given to every row (a stable ref keeps them memoised); only the first call measures.
  const measureOnce = useCallback((element: HTMLTableRowElement | null) => {
    if (!element || measured.current) return;
    const height = element.getBoundingClientRect().height;
    if (height <= 0) return;
    measured.current = true;
    setRowHeight(height);
  }, []);

  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const before = first?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <>
      <Spacer height={before} span={span} />
      {/* Mantine stripes rows by their position in the body: keep the first row's parity, or
          every stripe would flip each time a row scrolls out. */}
      {first && first.index > 0 && first.index % 2 === 0 && <tr aria-hidden />}
      {items.map((item) => {
        const row = rows[item.index];
        if (!row) return null;
        const measure = uniformHeight
          ? { height: rowHeight, rowRef: measureOnce }
          : { index: item.index, rowRef: virtualizer.measureElement };
        return (
          <DataRow
            key={item.key}
            row={row}
            columns={columns}
            onRowClick={onRowClick}
            onToggle={selection?.onToggle}
            selected={selection?.ids.has(row.id)}
            {...measure}
          />
        );
      })}
      <Spacer height={after} span={span} />
    </>
  );
}
