import { Badge } from '@mantine/core';
import type { DeviceJob } from '@netfleet/contracts';
import {
  DataTable,
  formatDateTime,
  useTableQueryState,
  type DataTableColumn,
} from '@/components/data-table';
import { useActionLog, useConnectionLog } from '../api/get-logs';
import { connectionLogText, type ConnectionLogEntry } from '../model/activity';
import { DEVICE_TEXTS as T } from '../texts';
import type { DeviceTabProps } from './tab-props';

const JOB_COLORS: Record<DeviceJob['status'], string> = {
  queued: 'gray',
  sent: 'blue',
  running: 'cyan',
  completed: 'green',
  failed: 'red',
  cancelled: 'gray',
  timeout: 'orange',
};

const ACTION_COLUMNS: DataTableColumn<DeviceJob>[] = [
  { key: 'created_at', header: T.time, render: (job) => formatDateTime(job.created_at) },
  { key: 'type', header: T.action },
  {
    key: 'status',
    header: T.status,
    render: (job) => (
      <Badge variant="light" color={JOB_COLORS[job.status]}>
        {job.status}
      </Badge>
    ),
  },
  { key: 'result', header: T.result, render: (job) => job.message ?? job.result ?? '' },
];

const CONNECTION_COLUMNS: DataTableColumn<ConnectionLogEntry>[] = [
  { key: 'created_at', header: T.time, render: (entry) => formatDateTime(entry.created_at) },
  { key: 'code', header: T.code, width: 80 },
  { key: 'message', header: T.message, render: connectionLogText },
];

function ActionLog({ id }: { id: number }) {
  const state = useTableQueryState();
  return (
    <DataTable
      label={T.deviceLogs}
      columns={ACTION_COLUMNS}
      state={state}
      result={useActionLog(id, state.query)}
      emptyMessage={T.noActions}
      searchable={false}
    />
  );
}

function ConnectionLog({ id }: { id: number }) {
  const state = useTableQueryState();
  return (
    <DataTable
      label={T.connectionLog}
      columns={CONNECTION_COLUMNS}
      state={state}
      result={useConnectionLog(id, state.query)}
      emptyMessage={T.noConnectionLogs}
      searchable={false}
    />
  );
}

/** Device logs (actions run on it) and its connection log (spec §8 messages), paged. */
export function ActivityTab({ device, sub }: DeviceTabProps) {
  return sub === 'connection-log' ? <ConnectionLog id={device.id} /> : <ActionLog id={device.id} />;
}
