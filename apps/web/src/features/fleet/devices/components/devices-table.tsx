import { useMemo } from 'react';
import { DEVICE_SORT_FIELDS } from '@netfleet/contracts';
import { DataTable, useTableQueryState, type TableQueryState } from '@/components/data-table';
import { useColumnVisibility } from '@/components/data-table/use-column-visibility';
import type { BulkAction } from '@/components/data-table';
import { useDevices, type DeviceRow } from '../api/get-devices';
import { useLiveDevices } from '../live/use-live-devices';
import { DEVICE_TEXTS } from '../texts';
import { DEVICE_COLUMNS, fieldsFor } from './device-columns';
import { DEVICE_FILTERS, DeviceFilters } from './device-filters';
import { rowActionsColumn } from './device-row-menu';

export const DEVICES_TABLE_ID = 'devices';

/** The URL state of the list: the page's export reads the same filters. */
export function useDevicesQueryState(): TableQueryState {
  return useTableQueryState({
    defaultSort: 'name',
    sortFields: DEVICE_SORT_FIELDS,
    columns: DEVICE_COLUMNS,
    filters: DEVICE_FILTERS,
  });
}

interface DevicesTableProps {
  state: TableQueryState;
  bulkActions: readonly BulkAction<DeviceRow>[];
  /** Only this company's devices (the company page's devices tab). */
  companyId?: number | undefined;
}

/** The state with the company filter held to `companyId`, whatever the URL says. */
function useCompanyState(state: TableQueryState, companyId: number | undefined): TableQueryState {
  return useMemo(
    () =>
      companyId === undefined
        ? state
        : {
            ...state,
            query: {
              ...state.query,
              filters: { ...state.query.filters, company_id: String(companyId) },
            },
          },
    [state, companyId],
  );
}

/**
 * The fleet, one server page at a time (the table virtualises big pages): filters, search and
 * sort run on the server, `fields=` fetches only the shown columns, and rows stay live.
 */
export function DevicesTable({ state: pageState, bulkActions, companyId }: DevicesTableProps) {
  const state = useCompanyState(pageState, companyId);
  // The same stored choice the table's column chooser writes.
  const { visibleColumns } = useColumnVisibility(DEVICES_TABLE_ID, DEVICE_COLUMNS);
  const fields = useMemo(() => fieldsFor(visibleColumns), [visibleColumns]);
  const result = useDevices(state.query, fields);
  useLiveDevices(state.query);
  const columns = useMemo(
    () =>
      bulkActions.length > 0 ? [...DEVICE_COLUMNS, rowActionsColumn(bulkActions)] : DEVICE_COLUMNS,
    [bulkActions],
  );

  return (
    <DataTable
      label={DEVICE_TEXTS.devices}
      tableId={DEVICES_TABLE_ID}
      noWrap
      columns={columns}
      state={state}
      result={result}
      emptyMessage={DEVICE_TEXTS.empty}
      searchPlaceholder={DEVICE_TEXTS.searchPlaceholder}
      filters={<DeviceFilters state={state} companyFixed={companyId !== undefined} />}
      bulkActions={bulkActions.length > 0 ? bulkActions : undefined}
    />
  );
}
