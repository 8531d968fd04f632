import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatBytes, type VpnHub } from '@netfleet/contracts';
import { formatDateTime, type DataTableColumn } from '@/components/data-table';
import type { HubKind } from '../api/keys';
import { hubPath, quickHubPath } from '../paths';
import { VPN_TEXTS as T } from '../texts';
import { HubStatusBadge } from './hub-status-badge';

/** Where a hub of either kind opens. */
export const hubPagePath = (hub: Pick<VpnHub, 'id' | 'quick_hub'>): string =>
  hub.quick_hub === 1 ? quickHubPath(hub.id) : hubPath(hub.id);

const clientsText = (hub: VpnHub) =>
  `${T.devicesCount(hub.devices_count)}, ${T.usersCount(hub.users_count)}`;

/** The hub lists' columns; quick hubs have no type to choose, so they leave it out. */
export function hubColumns(kind: HubKind): DataTableColumn<VpnHub>[] {
  const columns: (DataTableColumn<VpnHub> | false)[] = [
    {
      key: 'name',
      header: T.name,
      sortable: true,
      hideable: false,
      render: (row) => (
        <Anchor
          component={Link}
          to={hubPagePath(row)}
          size="sm"
          // The row opens the hub too; the link must not open it twice.
          onClick={(event) => event.stopPropagation()}
        >
          {row.name}
        </Anchor>
      ),
    },
    {
      key: 'status',
      header: T.status,
      render: (row) => <HubStatusBadge status={row.status} />,
      csv: (row) => row.status.state,
    },
    kind === 'hubs' && {
      key: 'vpn_type',
      header: T.type,
      render: (row) => row.vpn_type.toUpperCase(),
    },
    { key: 'company_name', header: T.company, sortable: true },
    {
      key: 'clients',
      header: T.clients,
      render: (row) => (
        <Text size="sm" span>
          {clientsText(row)}
        </Text>
      ),
      csv: clientsText,
    },
    {
      key: 'bytes_used',
      header: T.dataUsed,
      sortable: true,
      render: (row) => formatBytes(row.bytes_used),
      csv: (row) => String(row.bytes_used),
    },
    {
      key: 'created_at',
      header: T.created,
      sortable: true,
      render: (row) => formatDateTime(row.created_at),
      csv: (row) => formatDateTime(row.created_at),
    },
  ];
  return columns.filter((column) => column !== false);
}
