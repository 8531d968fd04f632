import type { CSSProperties } from 'react';
import type { DataTableColumn } from './types';

/** Text naming a column where a node will not do (aria labels, chooser, CSV header). */
export function columnLabel<T>(column: DataTableColumn<T>): string {
  return typeof column.header === 'string' || typeof column.header === 'number'
    ? String(column.header)
    : column.key;
}

/** The row's own field for a column. */
export function rawValue(row: unknown, key: string): unknown {
  return (row as Record<string, unknown>)[key];
}

/** A raw field as plain text: empty for null/undefined, JSON for objects. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * A pinned column's cells: sticky at the right edge, opaque over the cells scrolling beneath, with
 * a line marking the edge. Header cells also stay above the body's pinned cells.
 */
const PINNED_CELL: CSSProperties = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  backgroundColor: 'var(--mantine-color-body)',
  boxShadow: 'inset 1px 0 0 var(--table-border-color)',
};
const PINNED_HEADER: CSSProperties = { ...PINNED_CELL, zIndex: 3 };

export function pinnedStyle<T>(
  column: DataTableColumn<T>,
  part: 'header' | 'cell',
): CSSProperties | undefined {
  if (column.pinned !== 'right') return undefined;
  return part === 'header' ? PINNED_HEADER : PINNED_CELL;
}
