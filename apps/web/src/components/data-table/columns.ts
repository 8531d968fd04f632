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
