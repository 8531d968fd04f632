import { Anchor, Badge } from '@mantine/core';
import { Link } from 'react-router';
import { formatBytes, type ConnectLog } from '@netfleet/contracts';
import { formatDateTime, type DataTableColumn } from '@/components/data-table';
import { sessionDuration } from '../model/session-duration';
import { sessionTypeLabel } from '../model/session-types';
import { ACCESS_HISTORY_TEXTS as T } from '../texts';

const target = (row: ConnectLog) =>
  `${row.protocol.toUpperCase()} ${row.destination_ip}:${row.destination_port}`;

const endText = (row: ConnectLog) =>
  row.end_time === null ? T.active : formatDateTime(row.end_time);

/** Column keys of the sortable columns are the API's sort fields (CONNECT_LOG_SORT_FIELDS). */
export const HISTORY_COLUMNS: DataTableColumn<ConnectLog>[] = [
  { key: 'username', header: T.user, hideable: false },
  { key: 'company_name', header: T.company, sortable: true },
  {
    key: 'device_name',
    header: T.device,
    render: (row) => (
      <Anchor component={Link} to={`/devices/${row.device_id}`} size="sm">
        {row.device_name}
      </Anchor>
    ),
  },
  {
    key: 'type',
    header: T.type,
    render: (row) => sessionTypeLabel(row.type),
    csv: (row) => sessionTypeLabel(row.type),
  },
  { key: 'target', header: T.target, render: target, csv: target },
  {
    key: 'start_date',
    header: T.start,
    sortable: true,
    render: (row) => formatDateTime(row.start_time),
    csv: (row) => formatDateTime(row.start_time),
  },
  {
    key: 'end_date',
    header: T.end,
    sortable: true,
    // Wide enough for a date, so the "Active" badge is never cut.
    width: 170,
    render: (row) =>
      row.end_time === null ? (
        <Badge color="green" variant="light">
          {T.active}
        </Badge>
      ) : (
        formatDateTime(row.end_time)
      ),
    csv: endText,
  },
  {
    key: 'duration',
    header: T.duration,
    render: (row) => sessionDuration(row),
    csv: (row) => sessionDuration(row),
  },
  {
    key: 'input_data',
    header: T.bytesIn,
    sortable: true,
    render: (row) => formatBytes(row.input_data),
  },
  {
    key: 'output_data',
    header: T.bytesOut,
    sortable: true,
    render: (row) => formatBytes(row.output_data),
  },
  { key: 'client_ip', header: T.clientIp, defaultHidden: true },
  { key: 'end_reason', header: T.endReason },
];
