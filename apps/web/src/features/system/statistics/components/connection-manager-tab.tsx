import {
  DataTable,
  formatDateTime,
  useTableQueryState,
  type DataTableColumn,
} from '@/components/data-table';
import { getConnectionLogs, useConnectionLogs } from '../api/get-connection-logs';
import type { DeviceLog } from '../api/types';
import { STATISTICS_TEXTS } from '../texts';
import { DeviceLink } from './device-link';

// The server gives the spec §8 message per code; the list is newest first and only paged.
const COLUMNS: DataTableColumn<DeviceLog>[] = [
  {
    key: 'created_at',
    header: STATISTICS_TEXTS.time,
    hideable: false,
    render: (row) => formatDateTime(row.created_at),
    csv: (row) => formatDateTime(row.created_at),
  },
  {
    key: 'device_id',
    header: STATISTICS_TEXTS.device,
    render: (row) => (
      <DeviceLink id={row.device_id}>{STATISTICS_TEXTS.deviceNumber(row.device_id)}</DeviceLink>
    ),
  },
  { key: 'code', header: STATISTICS_TEXTS.code },
  { key: 'message', header: STATISTICS_TEXTS.message },
];

/** Tab `connection-manager`: the connection log across every visible device. */
export function ConnectionManagerTab() {
  const state = useTableQueryState({ columns: COLUMNS });
  const result = useConnectionLogs(state.query);
  return (
    <DataTable
      label={STATISTICS_TEXTS.tabs['connection-manager']}
      tableId="statistics-connection-logs"
      columns={COLUMNS}
      state={state}
      result={result}
      searchable={false}
      emptyMessage={STATISTICS_TEXTS.noLogs}
      exportCsv={{ filename: 'connection-logs.csv', fetchPage: getConnectionLogs }}
    />
  );
}
