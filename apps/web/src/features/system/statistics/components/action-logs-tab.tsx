import type { DeviceJob } from '@netfleet/contracts';
import {
  DataTable,
  formatDateTime,
  useTableQueryState,
  type DataTableColumn,
} from '@/components/data-table';
import { JobStateBadge } from '@/components/job-state-badge';
import { getActionLogs, useActionLogs } from '../api/get-action-logs';
import { STATISTICS_TEXTS } from '../texts';
import { DeviceLink } from './device-link';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
/** 'update_metrics_data' → 'Update metrics data'. */
const actionLabel = (type: string) => capitalised(type.replaceAll('_', ' '));

const COLUMNS: DataTableColumn<DeviceJob>[] = [
  {
    key: 'created_at',
    header: STATISTICS_TEXTS.created,
    hideable: false,
    render: (row) => formatDateTime(row.created_at),
    csv: (row) => formatDateTime(row.created_at),
  },
  {
    key: 'device_name',
    header: STATISTICS_TEXTS.device,
    render: (row) => <DeviceLink id={row.device_id}>{row.device_name}</DeviceLink>,
  },
  {
    key: 'type',
    header: STATISTICS_TEXTS.action,
    render: (row) => actionLabel(row.type),
    csv: (row) => actionLabel(row.type),
  },
  {
    key: 'status',
    header: STATISTICS_TEXTS.status,
    render: (row) => <JobStateBadge state={row.status} />,
  },
  {
    key: 'message',
    header: STATISTICS_TEXTS.result,
    render: (row) => row.message ?? row.result ?? '',
    csv: (row) => row.message ?? row.result ?? '',
  },
  {
    key: 'finished_at',
    header: STATISTICS_TEXTS.finished,
    defaultHidden: true,
    render: (row) => formatDateTime(row.finished_at),
    csv: (row) => formatDateTime(row.finished_at),
  },
];

/** Tab `action-logs`: reboots, commands and updates of every visible device, newest first. */
export function ActionLogsTab() {
  const state = useTableQueryState({ columns: COLUMNS });
  const result = useActionLogs(state.query);
  return (
    <DataTable
      label={STATISTICS_TEXTS.tabs['action-logs']}
      tableId="statistics-action-logs"
      columns={COLUMNS}
      state={state}
      result={result}
      searchable={false}
      emptyMessage={STATISTICS_TEXTS.noActions}
      exportCsv={{ filename: 'action-logs.csv', fetchPage: getActionLogs }}
    />
  );
}
