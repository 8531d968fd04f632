import { useEffect, useState, type ReactNode } from 'react';
import { Box, Stack, Table } from '@mantine/core';
import { useCallbackRef } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import { DataRows, EmptyRow, ErrorRow, SkeletonRows } from './data-table-body';
import { BulkActionsBar } from './data-table-bulk-bar';
import { ColumnChooser } from './data-table-column-chooser';
import { ExportCsvButton } from './data-table-export';
import { DataTableHeader } from './data-table-header';
import { DataTablePagination } from './data-table-pagination';
import { SearchFieldsChooser } from './data-table-search-fields';
import { DataTableToolbar } from './data-table-toolbar';
import { DATA_TABLE_TEXTS as T } from './texts';
import { VIRTUAL_ROW_THRESHOLD, VirtualRows } from './data-table-virtual-rows';
import { useColumnVisibility } from './use-column-visibility';
import { useRowSelection } from './use-row-selection';
import type { TableQueryState } from './use-table-query-state';
import type { BulkAction, CsvExport, DataTableColumn, ListPage, TableRow } from './types';

export interface DataTableProps<T extends TableRow> {
  /** Accessible name of the table. */
  label: string;
  /**
   * Column `filter`s and `searchable` fields live in the URL: pass the same columns to
   * `useTableQueryState({ columns })` so the query keeps them.
   */
  columns: readonly DataTableColumn<T>[];
  state: TableQueryState;
  /** The page's TanStack Query result; use `placeholderData: keepPreviousData` to avoid flicker. */
  result: UseQueryResult<ListPage<T>>;
  emptyMessage?: string;
  searchPlaceholder?: string;
  /** False for lists the server cannot search. */
  searchable?: boolean;
  filters?: ReactNode;
  onRowClick?: (row: T) => void;
  /** Names the table in per-user storage (`table.<tableId>.columns`); enables the column chooser. */
  tableId?: string;
  /** Adds row checkboxes; the actions receive the rows ticked on the current page. */
  bulkActions?: readonly BulkAction<T>[];
  /** Adds an 'Export CSV' button exporting every row of the current filter. */
  exportCsv?: CsvExport<T>;
  /** One line per row (wide tables scroll sideways): dense lists such as the fleet table. */
  noWrap?: boolean;
}

const NO_ROWS: never[] = [];

/** Vertical room for a virtualised page before it scrolls inside the table (header stays). */
const VIRTUAL_MAX_HEIGHT = '70vh';

export function DataTable<T extends TableRow>({
  label,
  columns,
  state,
  result,
  emptyMessage = T.noRecords,
  searchPlaceholder = T.search,
  searchable = true,
  filters,
  onRowClick,
  tableId,
  bulkActions,
  exportCsv,
  noWrap = false,
}: DataTableProps<T>) {
  const { query, page, setPage } = state;
  const { data, isPending, isError, error, refetch, isPlaceholderData } = result;
  const lastPage = data ? Math.max(1, Math.ceil(data.total / query.limit)) : 1;
  const rows: readonly T[] = data?.rows ?? NO_ROWS;
  const visibility = useColumnVisibility(tableId, columns);
  const shown = visibility.visibleColumns;
  // Any other page, filter or sort starts with nothing ticked.
  const selection = useRowSelection(rows, JSON.stringify(query));
  const selectable = Boolean(bulkActions?.length);
  // State, not a ref: the rows' virtualiser runs before a parent's ref is set, and must see it.
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  // Rows are memoised: a handler made anew on each render of the page must not re-render them.
  const stableRowClick = useCallbackRef(onRowClick);
  const rowClick = onRowClick ? stableRowClick : undefined;

  // A link or a shrunken list can leave the offset past the end: go to the last real page.
  useEffect(() => {
    if (data && data.rows.length === 0 && data.total > 0 && page > lastPage) {
      setPage(lastPage, { replace: true });
    }
  }, [data, page, lastPage, setPage]);

  const span = shown.length + (selectable ? 1 : 0);
  const rowSelection = selectable ? selection.row : undefined;
  const virtual = !isError && rows.length > VIRTUAL_ROW_THRESHOLD;
  let body: ReactNode;
  if (isError) {
    body = (
      <ErrorRow
        span={span}
        message={error instanceof Error ? error.message : T.loadFailed}
        onRetry={() => void refetch()}
      />
    );
  } else if (isPending) {
    body = <SkeletonRows span={span} />;
  } else if (rows.length === 0) {
    body = <EmptyRow span={span} message={emptyMessage} />;
  } else if (virtual) {
    body = (
      <VirtualRows
        rows={rows}
        columns={shown}
        span={span}
        scroller={scroller}
        onRowClick={rowClick}
        selection={rowSelection}
        uniformHeight={noWrap}
      />
    );
  } else {
    body = <DataRows rows={rows} columns={shown} onRowClick={rowClick} selection={rowSelection} />;
  }

  const searchableColumns = columns.filter((column) => column.searchable);
  const table = (
    <Table
      aria-label={label}
      aria-busy={result.isFetching}
      highlightOnHover={Boolean(onRowClick)}
      striped
      stickyHeader={virtual}
      // Rows come and go while scrolling: fixed layout keeps the columns from changing width.
      layout={virtual ? 'fixed' : undefined}
      miw={virtual ? 600 : undefined}
      style={{ opacity: isPlaceholderData ? 0.6 : 1, whiteSpace: noWrap ? 'nowrap' : undefined }}
    >
      <DataTableHeader
        columns={shown}
        sort={query.sort}
        onSort={state.toggleSort}
        selection={selectable ? selection.header : undefined}
        filterValues={query.filters}
        onFilter={state.setFilter}
      />
      <Table.Tbody>{body}</Table.Tbody>
    </Table>
  );

  return (
    <Stack gap="sm">
      <DataTableToolbar
        q={query.q}
        onSearch={state.setSearch}
        searchPlaceholder={searchPlaceholder}
        searchable={searchable}
        searchFields={
          searchableColumns.length > 0 && (
            <SearchFieldsChooser
              columns={searchableColumns}
              value={query.searchFields}
              onChange={state.setSearchFields}
            />
          )
        }
        filters={filters}
        tools={
          (visibility.enabled || exportCsv) && (
            <>
              {visibility.enabled && (
                <ColumnChooser
                  columns={visibility.hideableColumns}
                  visible={shown}
                  onChange={visibility.setVisible}
                />
              )}
              {exportCsv && <ExportCsvButton exportCsv={exportCsv} query={query} columns={shown} />}
            </>
          )
        }
      />
      {bulkActions && selectable && (
        <BulkActionsBar
          rows={selection.selectedRows}
          actions={bulkActions}
          onClear={selection.clear}
        />
      )}
      {virtual ? (
        <Box ref={setScroller} mah={VIRTUAL_MAX_HEIGHT} style={{ overflow: 'auto' }}>
          {table}
        </Box>
      ) : (
        <Table.ScrollContainer minWidth={600}>{table}</Table.ScrollContainer>
      )}
      {data && data.total > 0 && !isError ? (
        <DataTablePagination
          total={data.total}
          estimated={data.estimated === true}
          limit={query.limit}
          offset={query.offset}
          page={page}
          onPage={setPage}
          onLimit={state.setLimit}
        />
      ) : null}
    </Stack>
  );
}
