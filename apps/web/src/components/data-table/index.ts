export { DataTable, type DataTableProps } from './data-table';
export { formatDateTime } from './format-date-time';
export { toListPage } from './list-page';
export {
  PAGE_SIZE_OPTIONS,
  toApiQuery,
  useTableQueryState,
  type TableQuery,
  type TableQueryState,
  type TableQueryStateOptions,
} from './use-table-query-state';
export type {
  BulkAction,
  ColumnFilter,
  CsvExport,
  DataTableColumn,
  FilterOption,
  ListPage,
  TableRow,
} from './types';
export { RowMenu, type RowMenuItem } from './row-menu';
