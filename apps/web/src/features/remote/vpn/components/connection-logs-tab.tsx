import { useMemo } from 'react';
import { formatBytes, type VpnConnectionLog } from '@netfleet/contracts';
import {
  DataTable,
  formatDateTime,
  useTableQueryState,
  type DataTableColumn,
} from '@/components/data-table';
import { useConnectionLogs } from '../api/get-connection-logs';
import { CLIENT_TYPE_LABELS, VPN_TEXTS as T } from '../texts';

/** Every session of the hub's clients, newest first, paged on the server. */
export function ConnectionLogsTab({ hubId }: { hubId: number }) {
  const columns = useMemo<DataTableColumn<VpnConnectionLog>[]>(
    () => [
      { key: 'visual_name', header: T.client },
      {
        key: 'type',
        header: T.type,
        render: (row) => (row.type ? CLIENT_TYPE_LABELS[row.type] : T.none),
      },
      { key: 'ip', header: T.realAddress },
      { key: 'vpn_ip', header: T.virtualAddress, render: (row) => row.vpn_ip ?? T.none },
      {
        key: 'connected_at',
        header: T.connectedAt,
        render: (row) => formatDateTime(row.connected_at),
      },
      {
        key: 'disconnected_at',
        header: T.disconnectedAt,
        render: (row) =>
          row.disconnected_at ? formatDateTime(row.disconnected_at) : T.stillConnected,
      },
      // Counted at the hub: what it received, the client sent.
      {
        key: 'bytes_received',
        header: T.clientSent,
        render: (row) => formatBytes(row.bytes_received),
      },
      { key: 'bytes_sent', header: T.clientReceived, render: (row) => formatBytes(row.bytes_sent) },
    ],
    [],
  );
  const state = useTableQueryState({ columns });
  const result = useConnectionLogs(hubId, state.query);
  return (
    <DataTable
      label={T.connectionLogs}
      columns={columns}
      state={state}
      result={result}
      emptyMessage={T.noConnectionLogs}
      searchable={false}
    />
  );
}
