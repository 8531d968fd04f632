import { useEffect, type ReactNode } from 'react';
import { Stack, Table } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { DataRows, EmptyRow, ErrorRow, SkeletonRows } from './data-table-body';
import { DataTableHeader } from './data-table-header';
import { DataTablePagination } from './data-table-pagination';
import { DataTableToolbar } from './data-table-toolbar';
import type { TableQueryState } from './use-table-query-state';
import type { DataTableColumn, ListPage, TableRow } from './types';

export interface DataTableProps<T extends TableRow> {
  /** Accessible name of the table. */
  label: string;
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
}

export function DataTable<T extends TableRow>({
  label,
  columns,
  state,
  result,
  emptyMessage = 'No records found',
  searchPlaceholder = 'Search',
  searchable = true,
  filters,
  onRowClick,
}: DataTableProps<T>) {
  const { query, page, setPage } = state;
  const { data, isPending, isError, error, refetch, isPlaceholderData } = result;
  const lastPage = data ? Math.max(1, Math.ceil(data.total / query.limit)) : 1;

  // A link or a shrunken list can leave the offset past the end: go to the last real page.
  useEffect(() => {
    if (data && data.rows.length === 0 && data.total > 0 && page > lastPage) {
      setPage(lastPage, { replace: true });
    }
  }, [data, page, lastPage, setPage]);

  const span = columns.length;
  let body: ReactNode;
  if (isError) {
    body = (
      <ErrorRow
        span={span}
        message={error instanceof Error ? error.message : 'Failed to load data'}
        onRetry={() => void refetch()}
      />
    );
  } else if (isPending) {
    body = <SkeletonRows span={span} />;
  } else if (data.rows.length === 0) {
    body = <EmptyRow span={span} message={emptyMessage} />;
  } else {
    body = <DataRows rows={data.rows} columns={columns} onRowClick={onRowClick} />;
  }

  return (
    <Stack gap="sm">
      <DataTableToolbar
        q={query.q}
        onSearch={state.setSearch}
        searchPlaceholder={searchPlaceholder}
        searchable={searchable}
        filters={filters}
      />
      <Table.ScrollContainer minWidth={600}>
        <Table
          aria-label={label}
          aria-busy={result.isFetching}
          highlightOnHover={Boolean(onRowClick)}
          striped
          style={{ opacity: isPlaceholderData ? 0.6 : 1 }}
        >
          <DataTableHeader columns={columns} sort={query.sort} onSort={state.toggleSort} />
          <Table.Tbody>{body}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {data && data.total > 0 && !isError ? (
        <DataTablePagination
          total={data.total}
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
