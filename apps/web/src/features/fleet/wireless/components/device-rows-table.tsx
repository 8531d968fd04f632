import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { hasPermission } from '@netfleet/contracts';
import {
  DataTable,
  useTableQueryState,
  type DataTableColumn,
  type ListPage,
  type TableQuery,
} from '@/components/data-table';
import { useCurrentUser } from '@/lib/current-user';
import { WIRELESS_TEXTS } from '../texts';
import { CompanyFilter } from './company-filter';
import type { DeviceRow } from './device-columns';

const COMPANY_PARAM = 'company_id';
const FILTERS = { [COMPANY_PARAM]: 'text' } as const;

interface DeviceRowsTableProps<T extends DeviceRow & { id: number }> {
  label: string;
  tableId: string;
  columns: (companyLinks: boolean) => DataTableColumn<T>[];
  sortFields: readonly string[];
  useRows: (query: TableQuery) => UseQueryResult<ListPage<T>>;
  fetchPage: (query: TableQuery, signal: AbortSignal) => Promise<ListPage<T>>;
  emptyMessage: string;
  csvName: string;
}

/**
 * A list of device interfaces (hotspots, Wi-Fi) on the shared table: search, column filters, a
 * company filter for those who see companies, sort, paging and CSV export, all in the URL.
 */
export function DeviceRowsTable<T extends DeviceRow & { id: number }>({
  label,
  tableId,
  columns: columnsOf,
  sortFields,
  useRows,
  fetchPage,
  emptyMessage,
  csvName,
}: DeviceRowsTableProps<T>) {
  const { permissions } = useCurrentUser();
  const canSeeCompanies = hasPermission(permissions, 'view_companies');
  const columns = useMemo(() => columnsOf(canSeeCompanies), [columnsOf, canSeeCompanies]);
  const state = useTableQueryState({
    defaultSort: 'device_name',
    sortFields,
    columns,
    filters: FILTERS,
  });
  const result = useRows(state.query);
  return (
    <DataTable
      label={label}
      tableId={tableId}
      columns={columns}
      state={state}
      result={result}
      emptyMessage={emptyMessage}
      searchPlaceholder={WIRELESS_TEXTS.searchPlaceholder}
      filters={
        canSeeCompanies && (
          <CompanyFilter
            value={state.query.filters[COMPANY_PARAM]}
            onChange={(value) => state.setFilter(COMPANY_PARAM, value)}
          />
        )
      }
      exportCsv={{ filename: csvName, fetchPage }}
    />
  );
}
