import { LIST_MAX_LIMIT } from '@netfleet/contracts';
import { columnLabel, rawValue, valueText } from './columns';
import type { DataTableColumn, ListPage } from './types';
import type { TableQuery } from './use-table-query-state';

/** Exports read the largest page the API serves. */
export const CSV_PAGE_SIZE = LIST_MAX_LIMIT;

// A cell starting like a formula runs as one in spreadsheet apps (CSV injection): such text gets a
// leading apostrophe. Numbers such as -5 are left alone.
const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^[+-]?\d+(\.\d+)?([eE][+-]?\d+)?$/;

/** RFC 4180: quoted when it holds a quote, comma or line break; quotes doubled. */
export function csvCell(text: string): string {
  const safe = FORMULA_START.test(text) && !NUMBER.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const exported = <T>(column: DataTableColumn<T>) => column.csv !== false;

/** The header row from the columns' names, then one line per row; CRLF line ends. */
export function toCsv<T>(columns: readonly DataTableColumn<T>[], rows: readonly T[]): string {
  const included = columns.filter(exported);
  const lines = [included.map((column) => csvCell(columnLabel(column))).join(',')];
  for (const row of rows) {
    lines.push(
      included
        .map((column) =>
          csvCell(column.csv ? column.csv(row) : valueText(rawValue(row, column.key))),
        )
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** Every row of the query's filter and sort, fetched page by page until `total` is reached. */
export async function fetchAllRows<T>(
  fetchPage: (query: TableQuery, signal: AbortSignal) => Promise<ListPage<T>>,
  query: TableQuery,
  signal: AbortSignal,
  onProgress: (done: number, total: number) => void,
): Promise<T[]> {
  const rows: T[] = [];
  for (;;) {
    const page = await fetchPage({ ...query, limit: CSV_PAGE_SIZE, offset: rows.length }, signal);
    rows.push(...page.rows);
    onProgress(rows.length, page.total);
    // An empty page means the list shrank while exporting: stop rather than ask forever.
    if (page.rows.length === 0 || rows.length >= page.total) return rows;
  }
}
