import { Anchor, Badge, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { VpnClient } from '@netfleet/contracts';
import { formatDateTime, type DataTableColumn } from '@/components/data-table';
import { CLIENT_TYPE_LABELS, VPN_TEXTS as T } from '../texts';
import type { ClientActions } from './use-client-actions';
import { ClientEnabledSwitch } from './client-enabled-switch';
import { ClientMenu } from './client-menu';

function ClientName({ client }: { client: VpnClient }) {
  if (client.type !== 'device' || client.object_id === null) return <>{client.name}</>;
  return (
    <Anchor component={Link} to={`/devices/${client.object_id}`} size="sm">
      {client.name}
    </Anchor>
  );
}

function Connection({ client, actions }: { client: VpnClient; actions: ClientActions }) {
  if (!client.connected) {
    return (
      <Text size="sm" c="dimmed">
        {T.notConnected}
      </Text>
    );
  }
  return (
    <Badge
      component="button"
      type="button"
      color="green"
      variant="light"
      style={{ cursor: 'pointer' }}
      aria-label={`${T.connectDetails}: ${client.name}`}
      onClick={() => actions.details(client)}
    >
      {T.connected}
    </Badge>
  );
}

/** A hub's clients: who, how they are addressed, whether connected, and their actions. */
export function clientColumns(actions: ClientActions): DataTableColumn<VpnClient>[] {
  return [
    {
      key: 'name',
      header: T.name,
      sortable: true,
      hideable: false,
      render: (row) => <ClientName client={row} />,
    },
    {
      key: 'type',
      header: T.type,
      sortable: true,
      render: (row) => CLIENT_TYPE_LABELS[row.type],
    },
    { key: 'ip', header: T.ip, sortable: true, render: (row) => row.ip ?? T.none },
    {
      key: 'mode',
      header: T.mode,
      render: (row) => (row.mode === 'static' ? T.staticAddress : T.dhcp),
    },
    {
      key: 'connected',
      header: T.status,
      render: (row) => <Connection client={row} actions={actions} />,
      csv: (row) => (row.connected ? T.connected : T.notConnected),
    },
    {
      key: 'enabled',
      header: T.enabled,
      render: (row) => <ClientEnabledSwitch client={row} readOnly={!actions.allowed} />,
    },
    {
      key: 'expires_at',
      header: T.expires,
      render: (row) => (row.expires_at ? formatDateTime(row.expires_at) : T.never),
      defaultHidden: true,
    },
    {
      key: 'created_at',
      header: T.created,
      sortable: true,
      render: (row) => formatDateTime(row.created_at),
      defaultHidden: true,
    },
    {
      key: 'actions',
      header: T.actions,
      pinned: 'right',
      hideable: false,
      csv: false,
      width: 60,
      render: (row) => <ClientMenu client={row} actions={actions} />,
    },
  ];
}
