import { Button } from '@mantine/core';
import { useMemo, useState } from 'react';
import {
  CONNECT_LOG_SORT_FIELDS,
  hasPermission,
  SESSION_TYPES,
  type ConnectLog,
} from '@netfleet/contracts';
import { DataTable, useTableQueryState, type DataTableColumn } from '@/components/data-table';
import { rangeQuery, type DateRange, type RangeQuery } from '@/components/date-range';
import { useCurrentUser } from '@/lib/current-user';
import { getConnectLogs, useConnectLogs } from '../api/get-connect-logs';
import { DEFAULT_PRESET, HISTORY_PRESETS } from '../model/history-range';
import { ACCESS_HISTORY_TEXTS as T } from '../texts';
import { HISTORY_COLUMNS } from './history-columns';
import { HistoryFilters } from './history-filters';
import { useEndSessionAction } from './use-end-session-action';

const FILTERS = { type: SESSION_TYPES, active: ['true', 'false'] } as const;

/**
 * The chosen period and its dates, fixed when chosen: computing "now" on every render would give
 * every render a new query.
 */
function useRange() {
  const [state, setState] = useState<{ range: DateRange; query: RangeQuery }>(() => ({
    range: { preset: DEFAULT_PRESET },
    query: rangeQuery({ preset: DEFAULT_PRESET }, HISTORY_PRESETS),
  }));
  const choose = (range: DateRange) =>
    setState({ range, query: rangeQuery(range, HISTORY_PRESETS) });
  return { ...state, choose };
}

/** Sessions in a period with type and state filters; managers can end active ones. */
export function HistoryTable() {
  const { permissions } = useCurrentUser();
  const canEnd = hasPermission(permissions, 'manage_device_remote_access');
  const end = useEndSessionAction();
  const columns = useMemo(() => {
    if (!canEnd) return HISTORY_COLUMNS;
    const action: DataTableColumn<ConnectLog> = {
      key: 'actions',
      header: T.actions,
      pinned: 'right',
      hideable: false,
      csv: false,
      render: (row) =>
        row.end_time === null && (
          <Button
            size="compact-xs"
            color="red"
            variant="light"
            aria-label={`${T.endSession}: ${T.rowLabel(row.username, row.device_name)}`}
            onClick={() => end(row)}
          >
            {T.endSession}
          </Button>
        ),
    };
    return [...HISTORY_COLUMNS, action];
  }, [canEnd, end]);
  const state = useTableQueryState({
    defaultSort: '-start_date',
    sortFields: CONNECT_LOG_SORT_FIELDS,
    filters: FILTERS,
    columns,
  });
  const range = useRange();
  const result = useConnectLogs(state.query, range.query);

  return (
    <DataTable
      label={T.title}
      tableId="access-history"
      columns={columns}
      state={state}
      result={result}
      searchable={false}
      // A log: one line per session, scrolled sideways rather than wrapped into tall rows.
      noWrap
      emptyMessage={T.empty}
      filters={
        <HistoryFilters
          range={range.range}
          onRange={(next) => {
            range.choose(next);
            state.setPage(1);
          }}
          filters={state.query.filters}
          onFilter={state.setFilter}
        />
      }
      exportCsv={{
        filename: 'access-history.csv',
        fetchPage: (query, signal) => getConnectLogs(query, range.query, signal),
      }}
    />
  );
}
