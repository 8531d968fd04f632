import { Anchor, Badge } from '@mantine/core';
import { Link } from 'react-router';
import type { AccessRule } from '@netfleet/contracts';
import { formatDateTime, type DataTableColumn } from '@/components/data-table';
import { remoteAccessPath } from '../paths';
import { protocolLabel } from '../model/protocols';
import { REMOTE_ACCESS_TEXTS as T } from '../texts';

/** The rules table's columns; the device column is left out on the device's own page. */
export function accessRuleColumns(withDevice: boolean): DataTableColumn<AccessRule>[] {
  const columns: (DataTableColumn<AccessRule> | false)[] = [
    {
      key: 'name',
      header: T.name,
      sortable: true,
      hideable: false,
      render: (row) => (
        <Anchor component={Link} to={remoteAccessPath(row.id)} size="sm">
          {row.name}
        </Anchor>
      ),
    },
    withDevice && {
      key: 'device_name',
      header: T.device,
      sortable: true,
      render: (row) => (
        <Anchor component={Link} to={`/devices/${row.device_id}`} size="sm">
          {row.device_name}
        </Anchor>
      ),
    },
    { key: 'company_name', header: T.company, sortable: true },
    {
      key: 'protocol',
      header: T.protocol,
      sortable: true,
      render: (row) => protocolLabel(row.protocol),
    },
    {
      key: 'destination',
      header: T.destination,
      render: (row) => `${row.destination_ip}:${row.destination_port}`,
      csv: (row) => `${row.destination_ip}:${row.destination_port}`,
    },
    {
      key: 'active_sessions',
      header: T.activeSessions,
      render: (row) =>
        row.active_sessions > 0 ? (
          <Badge color="green" variant="light">
            {row.active_sessions}
          </Badge>
        ) : (
          0
        ),
    },
    {
      key: 'created_at',
      header: T.createdAt,
      sortable: true,
      render: (row) => formatDateTime(row.created_at),
      csv: (row) => formatDateTime(row.created_at),
    },
  ];
  return columns.filter((column) => column !== false);
}
