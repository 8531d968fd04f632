import type { Key, ReactNode } from 'react';

export interface DataTableColumn<T> {
  /** Row field shown by default, and the `sort` value sent when the column is sortable. */
  key: string;
  header: ReactNode;
  sortable?: boolean;
  /** Defaults to the row's `key` field as text. */
  render?: (row: T) => ReactNode;
  width?: number | string;
}

/** One page of a server-driven list: the rows plus the envelope's `meta.total`. */
export interface ListPage<T> {
  rows: T[];
  total: number;
}

export type TableRow = { id: Key };
