import type { Key, ReactNode } from 'react';
import type { MantineColor } from '@mantine/core';
import type { TableQuery } from './use-table-query-state';

export interface FilterOption {
  value: string;
  label: string;
}

/**
 * A column filter sent as its own query parameter (`status=1`): a select of fixed values, or free
 * text. `param` defaults to the column key.
 */
export type ColumnFilter =
  | { type: 'select'; options: readonly FilterOption[]; param?: string }
  | { type: 'text'; param?: string };

export interface DataTableColumn<T> {
  /** Row field shown by default, and the `sort` value sent when the column is sortable. */
  key: string;
  header: ReactNode;
  sortable?: boolean;
  /** Defaults to the row's `key` field as text. */
  render?: (row: T) => ReactNode;
  width?: number | string;
  filter?: ColumnFilter;
  /** Offered in the search fields chooser (`search-fields`); the column key is the field name. */
  searchable?: boolean;
  /** CSV cell text; defaults to the raw `key` field. False leaves the column out of exports. */
  csv?: ((row: T) => string) | false;
  /** False keeps the column out of the column chooser (always shown). */
  hideable?: boolean;
  /** Hidden until the user shows it from the column chooser. */
  defaultHidden?: boolean;
  /** Stays at the right edge while a wide table scrolls sideways (a row's actions). */
  pinned?: 'right';
}

/** One page of a server-driven list: the rows plus the envelope's `meta.total`. */
export interface ListPage<T> {
  rows: T[];
  total: number;
  /** `meta.total_estimated`: more rows match than the server counts exactly. */
  estimated?: boolean;
}

export type TableRow = { id: Key };

/** An action on the selected rows of the current page. */
export interface BulkAction<T> {
  label: string;
  color?: MantineColor;
  onClick: (rows: T[]) => void;
  /** Whether the action cannot take these rows (a comparison takes exactly two). */
  disabled?: (rows: readonly T[]) => boolean;
}

/**
 * Exports every row of the current filter, page by page: through `fetchPage` (the table's own
 * fetcher) or a GET to `endpoint` answering a list envelope.
 */
export type CsvExport<T> = { filename: string } & (
  | { fetchPage: (query: TableQuery, signal: AbortSignal) => Promise<ListPage<T>> }
  | { endpoint: string }
);
